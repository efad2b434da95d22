import {
  type DashboardHome,
  type DayAppointment,
  gapsOfDay,
  isStaff,
  JOB_STATUS,
  type PersonDay,
  startOfWeek,
  toLocalDateTime,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Caller } from '../common/caller.ts';
// The job list's count bounds: the dashboard's figures are the totals its lists show.
import { COUNT_BOUNDS } from '../jobs/job-list.service.ts';
import { jobScope } from '../jobs/job-scope.ts';
import { countJobs } from '../jobs/jobs.api.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './dashboard.repository.ts';

/** The most people the day overview lists (by name); the planner shows them all. */
const MAX_PEOPLE = 500;

const DAY_MS = 86_400_000;

/** The day after a YYYY-MM-DD day. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The landing page's figures (001 §2.7), of what the caller may see. */
export class DashboardService {
  private readonly deps: { db: Db; settings: SettingsService; clock: Clock };
  constructor(deps: { db: Db; settings: SettingsService; clock: Clock }) {
    this.deps = deps;
  }

  async home(caller: Caller): Promise<DashboardHome> {
    const { db, clock } = this.deps;
    const global = await this.deps.settings.global();
    const now = clock.now();
    const today = toLocalDateTime(now, global.TimeZone).slice(0, 10);
    const scope = jobScope(caller.user);
    const weekStart = startOfWeek(now, global.TimeZone);
    const staff = isStaff(caller.user.userTypeId);
    const [overdue, dueSoon, completed, approved, openTasks, days] = await Promise.all([
      countJobs(db, scope, { deadline: { kind: 'Overdue', at: now } }, COUNT_BOUNDS),
      countJobs(db, scope, { deadline: { kind: 'Within24Hours', at: now } }, COUNT_BOUNDS),
      repo.jobsSetToStatusSince(db, scope, JOB_STATUS.Completed, weekStart),
      repo.jobsSetToStatusSince(db, scope, JOB_STATUS.Approved, weekStart),
      repo.openTaskCount(db, caller.user.id),
      staff ? repo.bookableDays(db, `${today}T00:00:00`, `${nextDay(today)}T00:00:00`, MAX_PEOPLE) : [],
    ]);
    const work = { start: `${global.WorkHourStart}:00`, end: `${global.WorkHourEnd}:00` };
    return {
      Today: today,
      Overdue: countOf(overdue),
      DueWithin24Hours: countOf(dueSoon),
      CompletedThisWeek: completed,
      ApprovedThisWeek: approved,
      OpenTasks: openTasks,
      WorkDay: { StartTime: `${today}T${work.start}`, EndTime: `${today}T${work.end}` },
      People: peopleOf(days, today, work),
    };
  }
}

/** A bounded count as the answer writes it (countJobs answers null only for a search). */
const countOf = (c: { matches: number; exact: boolean } | null) => ({
  Count: c?.matches ?? 0,
  Capped: c ? !c.exact : false,
});

/** The rows of bookableDays as one day per person, with the gaps of the work hours. */
function peopleOf(rows: repo.PersonAppointmentRow[], day: string, work: { start: string; end: string }) {
  const people: PersonDay[] = [];
  for (const r of rows) {
    let person = people.at(-1);
    if (person?.UserId !== r.user_id) {
      person = { UserId: r.user_id, Name: r.user_name, Appointments: [], Gaps: [] };
      people.push(person);
    }
    if (r.id !== null) {
      const a: DayAppointment = {
        Id: r.id,
        JobId: r.job_id,
        Subject: r.subject ?? '',
        IsAbsence: r.is_absence ?? false,
        StartTime: r.start_time ?? '',
        EndTime: r.end_time ?? '',
      };
      person.Appointments.push(a);
    }
  }
  for (const p of people) p.Gaps = gapsOfDay(day, p.Appointments, work);
  return people;
}
