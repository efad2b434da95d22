import {
  type AvailableInput,
  type AvailableUser,
  JOB_STATUS,
  type ProposedPlan,
  type ProposePlanInput,
  parseWorkHour,
  serverMessage,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { fieldNotFound } from '../common/errors.ts';
import { mainOffice } from '../maps/maps.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './appointments.repository.ts';
import { wallClockOf } from './appointments.service.ts';
import { type Point, proposePlan, rankCandidates, type Stop } from './dispatch.policy.ts';

const MINUTE = 60_000;
const DAY_MINUTES = 24 * 60;
/** The most unplanned jobs one proposal places (000 §9: the planner lists up to 999; a day holds far fewer). */
const PLAN_JOBS_MAX = 300;
/** A job without an estimate takes 2 hours (000 §9, the drop duration). */
const DEFAULT_MINUTES = 120;

const asUtc = (text: string) => Date.parse(`${text.replace(' ', 'T').slice(0, 19)}Z`);
const dayOf = (text: string) => text.slice(0, 10);
/** The end of a day as a wall-clock text: the next midnight, or the day's last second in the year 9999. */
const endOf = (day: string) => {
  const next = new Date(asUtc(`${day} 00:00:00`) + DAY_MINUTES * MINUTE).toISOString();
  return /^\d{4}-/.test(next) ? `${next.slice(0, 10)} 00:00:00` : `${day} 23:59:59`;
};
/** Minutes since the day's midnight of a wall-clock text. */
const minutesIn = (day: string, text: string) =>
  Math.round((asUtc(text) - asUtc(`${day} 00:00:00`)) / MINUTE);
const wallClock = (day: string, minutes: number) =>
  new Date(asUtc(`${day} 00:00:00`) + minutes * MINUTE).toISOString().slice(0, 19);
const placeOf = (r: { latitude: number | null; longitude: number | null }): Point | null =>
  r.latitude === null || r.longitude === null ? null : { latitude: r.latitude, longitude: r.longitude };
/** A job's estimate in whole quarter hours (at least one). */
const minutesOf = (estimate: string | null) => {
  const hours = estimate === null ? Number.NaN : Number(estimate);
  return hours > 0 ? Math.max(15, Math.ceil((hours * 60) / 15) * 15) : DEFAULT_MINUTES;
};

/**
 * Dispatch suggestions (issue 12, decision 039): the users free for a time ranked for a job, and a plan
 * proposed for a day's unplanned jobs. Both only read: nothing is saved until the dispatcher accepts.
 */
export class DispatchService {
  private readonly d: { db: Db; settings: SettingsService };
  constructor(deps: { db: Db; settings: SettingsService }) {
    this.d = deps;
  }

  /** The bookable users free for the whole time, ranked by travel to the job and by their load that day. */
  async available(caller: Caller, input: z.output<typeof AvailableInput>): Promise<AvailableUser[]> {
    const { start, end } = wallClockOf(caller, input);
    const day = dayOf(start);
    const [people, busy, job, office] = await Promise.all([
      repo.bookableUsers(this.d.db, { departmentIds: input.DepartmentIdList ?? [] }),
      repo.busyUsers(this.d.db, start, end),
      input.JobId ? repo.jobPlace(this.d.db, input.JobId) : Promise.resolve(null),
      this.office(),
    ]);
    if (input.JobId && !job) throw fieldNotFound(caller, 'JobId', 'object_job', input.JobId);
    const stops = await this.stopsByUser(day);
    const free = people.filter((u) => !busy.has(u.id));
    const ranked = rankCandidates(
      free.map((u) => ({ user: u, name: u.name, stops: stops.get(u.id) ?? [] })),
      minutesIn(day, start),
      job ? placeOf(job) : null,
      office,
    );
    return ranked.map((r) => ({
      Id: r.user.id,
      Name: r.user.name,
      UserTypeId: r.user.userTypeId,
      DepartmentId: r.user.departmentId,
      Rank: r.rank,
      TravelKm: r.travelKm,
      LoadMinutes: r.loadMinutes,
      Reason: this.reason(caller, r.travelKm, r.from, r.loadMinutes),
    }));
  }

  /**
   * A plan for the day's unplanned (new) jobs within the work hours, around the existing appointments,
   * a department's jobs to its users; tentative, nothing saved.
   */
  async proposePlan(caller: Caller, input: z.output<typeof ProposePlanInput>): Promise<ProposedPlan> {
    const day = input.Date;
    const departments = input.DepartmentIdList ?? [];
    const [people, jobs, stops, office, global] = await Promise.all([
      repo.bookableUsers(this.d.db, { departmentIds: departments }),
      repo.unplannedJobs(this.d.db, JOB_STATUS.New, departments, PLAN_JOBS_MAX),
      this.stopsByUser(day),
      this.office(),
      this.d.settings.global(),
    ]);
    const window = {
      start: Math.round((parseWorkHour(global.WorkHourStart ?? '') ?? 8) * 60),
      end: Math.round((parseWorkHour(global.WorkHourEnd ?? '') ?? 16) * 60),
    };
    const { placed, unplaced } = proposePlan(
      jobs.map((j) => ({
        job: j,
        minutes: minutesOf(j.estimatedTime),
        at: placeOf(j),
        departmentId: j.departmentId,
      })),
      people.map((u) => ({
        user: u,
        name: u.name,
        departmentId: u.departmentId,
        stops: stops.get(u.id) ?? [],
      })),
      window,
      office,
      (j) => j.displayName,
    );
    return {
      Appointments: placed.map((p) => ({
        JobId: p.job.id,
        JobName: p.job.displayName,
        UserId: p.user.id,
        UserName: p.user.name,
        StartTime: wallClock(day, p.start),
        EndTime: wallClock(day, p.end),
        TravelKm: p.travelKm,
        Reason: this.reason(caller, p.travelKm, p.from, p.loadMinutes),
      })),
      Unplaced: unplaced.map((j) => ({ JobId: j.id, JobName: j.displayName })),
    };
  }

  /** Each user's booked stretches of the day, in minutes of that day (clipped to it). */
  private async stopsByUser(day: string) {
    const rows = await repo.dayStops(this.d.db, `${day} 00:00:00`, endOf(day));
    const byUser = new Map<number, Stop[]>();
    for (const r of rows) {
      const stop: Stop = {
        start: Math.max(0, minutesIn(day, r.startTime)),
        end: Math.min(DAY_MINUTES, minutesIn(day, r.endTime)),
        at: placeOf(r),
        name: r.subject,
      };
      const list = byUser.get(r.userId) ?? [];
      list.push(stop);
      byUser.set(r.userId, list);
    }
    return byUser;
  }

  private async office() {
    return mainOffice((await this.d.settings.global()).Maps?.MainLocationCoordinates);
  }

  /** The reason of a rank in the caller's language: the leg and the day's load. */
  private reason(caller: Caller, km: number | null, from: string | null, load: number) {
    const travel =
      km === null
        ? serverMessage('dispatch_travel_unknown', caller.lang)
        : serverMessage('dispatch_travel', caller.lang, {
            km: km.toFixed(1),
            from: from ?? serverMessage('dispatch_from_office', caller.lang),
          });
    const booked =
      load === 0
        ? serverMessage('dispatch_first', caller.lang)
        : serverMessage('dispatch_load', caller.lang, {
            hours: (Math.round((load / 60) * 4) / 4).toString(),
          });
    return `${travel}; ${booked}`;
  }
}
