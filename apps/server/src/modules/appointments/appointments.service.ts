import type {
  AppointmentChangeInput,
  AppointmentCreateInput,
  ChangeTimesInput,
  SchedulerData,
} from '@fieldport/contract';
import { languageOf, workTimeText } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldNotFound, fieldRefusal, recordNotFound } from '../common/errors.ts';
import { type ChangeEvent, changeWithEvents, type Emit } from '../common/outbox.ts';
import { assertJobCurrent, jobConflict } from '../jobs/job-checks.ts';
import { jobScope } from '../jobs/job-scope.ts';
import { type JobMessages, writeJobStatus } from '../jobs/job-status.ts';
import { findJob } from '../jobs/jobs.api.ts';
import { logAppointmentChange } from './appointment-log.ts';
import { appointmentsPolicy } from './appointments.policy.ts';
import { inLanguage, presentAppointment, presentSchedulerData } from './appointments.presenter.ts';
import * as repo from './appointments.repository.ts';

type CreateInput = z.output<typeof AppointmentCreateInput>;
type ChangeInput = z.output<typeof AppointmentChangeInput>;
type PlanningJob = NonNullable<Awaited<ReturnType<typeof repo.findJobForPlanning>>>;

/** The most days one range call covers: a month view with the weeks around it fits. */
export const MAX_RANGE_DAYS = 62;

const MINUTE = 60_000;
const asUtc = (text: string) => new Date(`${text.replace(' ', 'T')}Z`).getTime();
const toText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/**
 * The stored 'YYYY-MM-DD HH:mm:ss' of a time sent as a date and time, or as a time on `date`.
 * An end given as a time before its start is on the next day (000 §4).
 */
export function wallClockOf(
  caller: Caller,
  input: { AppointmentDate?: string | undefined; StartTime: string; EndTime: string },
) {
  const full = (v: string) => /^\d{4}-/.test(v);
  const onDate = (v: string) => {
    if (full(v)) return v.replace('T', ' ').padEnd(19, ':00');
    if (!input.AppointmentDate) throw fieldRefusal(caller, 'AppointmentDate', 'required_field');
    return `${input.AppointmentDate} ${v.padEnd(8, ':00')}`;
  };
  const start = onDate(input.StartTime);
  let end = onDate(input.EndTime);
  if (!full(input.EndTime) && asUtc(end) <= asUtc(start)) end = toText(asUtc(end) + 24 * 60 * MINUTE);
  if (asUtc(end) <= asUtc(start)) throw fieldRefusal(caller, 'EndTime', 'end_before_start');
  if (asUtc(end) - asUtc(start) > MAX_RANGE_DAYS * 24 * 60 * MINUTE)
    throw fieldRefusal(caller, 'EndTime', 'appointment_too_long', { days: MAX_RANGE_DAYS });
  return { start, end };
}

/**
 * Appointments and the scheduler (002 §7.2, 000 §4): times are the company's wall clock. A job is
 * planned only below status 70; its first appointment moves a new job (10) to planned (20), and losing
 * its last one moves it back. Participants must be active bookable users. Every change writes its
 * appointment event (New, Change, Delete with the job's id) in its transaction.
 */
export class AppointmentService {
  private readonly db: Db;
  /** The job's messages a planned (confirmed) job sends (modules/job-messages). */
  private readonly messages: JobMessages | undefined;
  constructor(deps: { db: Db; messages?: JobMessages }) {
    this.db = deps.db;
    this.messages = deps.messages;
  }

  /** With mine, only those the caller takes part in: never another user's by asking. */
  async inRange(caller: Caller, q: { date1: string; date2: string; includeJob: boolean; mine: boolean }) {
    const { from, to } = this.range(caller, q.date1, q.date2);
    const participant = q.mine ? caller.user.id : undefined;
    const rows = await repo.inRange(this.db, from, to, jobScope(caller.user), participant);
    return this.present(caller, rows, q.includeJob);
  }

  /** A job the caller may not see answers 404, like the job itself. */
  async ofJob(caller: Caller, jobId: number) {
    const scope = jobScope(caller.user);
    if (!(await findJob(this.db, jobId, scope))) throw recordNotFound(caller, 'object_job', jobId);
    return this.present(caller, await repo.ofJob(this.db, jobId, scope), true);
  }

  async get(caller: Caller, id: number, db: Executor = this.db) {
    const row = await repo.findAppointment(db, id, jobScope(caller.user));
    if (!row) throw recordNotFound(caller, 'object_appointment', id);
    return (await this.present(caller, [row], true, db))[0]!;
  }

  async create(caller: Caller, input: CreateInput) {
    const { start, end } = wallClockOf(caller, input);
    await this.checkParticipants(caller, input.Type, input.Participants);
    const id = await changeWithEvents(this.db, async (tx, emit) => {
      const job = input.JobId ? await this.plannableJob(caller, tx, input.JobId) : null;
      if (!job && input.Subject.trim() === '') throw fieldRefusal(caller, 'Subject', 'required_field');
      const row = await repo.insertAppointment(tx, {
        subject: input.Subject || job?.displayName || '',
        jobId: job?.id ?? null,
        startTime: start,
        endTime: end,
        type: input.Type,
        isAbsence: !job,
        createdBy: caller.user.id,
      });
      await repo.setParticipants(tx, row.id, input.Participants);
      if (job) await this.planned(tx, emit, caller, job);
      await logAppointmentChange(tx, caller, 'New', null, row);
      emit(appointmentEvent(caller, row, 'New'));
      return row.id;
    });
    this.messages?.wake();
    return this.get(caller, id);
  }

  async change(caller: Caller, input: ChangeInput) {
    const { start, end } = wallClockOf(caller, input);
    await this.checkParticipants(caller, input.Type, input.Participants);
    await changeWithEvents(this.db, async (tx, emit) => {
      const before = await repo.findAppointment(tx, input.Id, undefined, true);
      if (!before) throw recordNotFound(caller, 'object_appointment', input.Id);
      assertJobCurrent(caller, before, input.RowVersion);
      const jobId = input.JobId === undefined ? before.jobId : input.JobId;
      const job = jobId ? await this.plannableJob(caller, tx, jobId) : null;
      if (!job && input.Subject.trim() === '') throw fieldRefusal(caller, 'Subject', 'required_field');
      const row = await repo.updateAppointment(tx, before.id, {
        subject: input.Subject || job?.displayName || '',
        jobId: job?.id ?? null,
        startTime: start,
        endTime: end,
        type: input.Type,
        isAbsence: !job,
      });
      await repo.setParticipants(tx, row.id, input.Participants);
      if (job) await this.planned(tx, emit, caller, job);
      if (before.jobId && before.jobId !== job?.id) await this.unplanIfLast(tx, emit, caller, before);
      await logAppointmentChange(tx, caller, 'Change', before, row);
      emit(appointmentEvent(caller, row, 'Change'));
    });
    this.messages?.wake();
    return this.get(caller, input.Id);
  }

  async remove(caller: Caller, id: number) {
    await changeWithEvents(this.db, async (tx, emit) => {
      const row = await repo.findAppointment(tx, id, undefined, true);
      if (!row) throw recordNotFound(caller, 'object_appointment', id);
      if (row.jobId) {
        const job = await repo.findJobForPlanning(tx, row.jobId, true);
        if (job && !appointmentsPolicy.mayPlan(job)) throw jobConflict(caller, 'job_locked');
      }
      await repo.deleteAppointment(tx, id);
      await this.unplanIfLast(tx, emit, caller, row);
      await logAppointmentChange(tx, caller, 'Delete', row, row);
      emit(appointmentEvent(caller, row, 'Delete'));
    });
    return { Id: id };
  }

  async bookable() {
    return (await repo.bookableUsers(this.db)).map((u) => ({
      Id: u.id,
      Name: u.name,
      UserTypeId: u.userTypeId,
      DepartmentId: u.departmentId,
    }));
  }

  async resources() {
    return (await repo.bookableUsers(this.db)).map((u) => ({
      id: u.id,
      name: u.name,
      departmentId: u.departmentId,
      type: u.userTypeId,
      // Their own working hours, for the board's load bars (decisions 097, 100).
      workStart: u.workStart === null ? null : workTimeText(u.workStart),
      workEnd: u.workEnd === null ? null : workTimeText(u.workEnd),
      workDays: u.workDays.map((d) => ({
        weekday: d.weekday,
        off: d.off,
        workStart: d.start === null ? null : workTimeText(d.start),
        workEnd: d.end === null ? null : workTimeText(d.end),
      })),
    }));
  }

  async scheduler(caller: Caller, q: { date1: string; date2: string }): Promise<SchedulerData> {
    const { from, to } = this.range(caller, q.date1, q.date2);
    // One round of three statements side by side: the appointments, their participants and jobs.
    return this.plannerData(caller, await repo.plannerWindowOf(this.db, from, to));
  }

  async schedulerEvent(caller: Caller, id: number): Promise<SchedulerData> {
    // One round of three statements side by side: a live change's read is on its paint's path.
    const found = await repo.plannerEventOf(this.db, id);
    if (found.rows.length === 0) throw recordNotFound(caller, 'object_appointment', id);
    return this.plannerData(caller, found);
  }

  /** A moved or resized event (000 §4), optionally dropped onto other users' rows. */
  async changeTimes(caller: Caller, input: z.output<typeof ChangeTimesInput>): Promise<SchedulerData> {
    const { start, end } = wallClockOf(caller, { StartTime: input.startDate, EndTime: input.endDate });
    if (input.resourceIds) await this.checkParticipants(caller, 1, input.resourceIds);
    await changeWithEvents(this.db, async (tx, emit) => {
      const before = await repo.findAppointment(tx, input.id, undefined, true);
      if (!before) throw recordNotFound(caller, 'object_appointment', input.id);
      assertJobCurrent(caller, before, input.rowVersion);
      if (before.jobId) await this.plannableJob(caller, tx, before.jobId);
      const row = await repo.updateAppointment(tx, before.id, { startTime: start, endTime: end });
      if (input.resourceIds) await repo.setParticipants(tx, row.id, input.resourceIds);
      await logAppointmentChange(tx, caller, 'Change', before, row);
      emit(appointmentEvent(caller, row, 'Change'));
    });
    return this.schedulerEvent(caller, input.id);
  }

  private range(caller: Caller, date1: string, date2: string) {
    const days = (asUtc(`${date2} 00:00:00`) - asUtc(`${date1} 00:00:00`)) / (24 * 60 * MINUTE);
    if (days < 0) throw fieldRefusal(caller, 'date2', 'end_before_start');
    if (days >= MAX_RANGE_DAYS)
      throw fieldRefusal(caller, 'date2', 'range_too_long', { days: MAX_RANGE_DAYS });
    return { from: `${date1} 00:00:00`, to: toText(asUtc(`${date2} 00:00:00`) + 24 * 60 * MINUTE) };
  }

  private async present(
    caller: Caller,
    rows: repo.AppointmentRow[],
    withJob: boolean,
    db: Executor = this.db,
  ) {
    const jobIds = [...new Set(rows.flatMap((r) => (r.jobId ? [r.jobId] : [])))];
    const [people, jobList] = await Promise.all([
      repo.participantsOf(
        db,
        rows.map((r) => r.id),
      ),
      withJob ? repo.jobSummaries(db, jobIds) : Promise.resolve([]),
    ]);
    const lang = languageOf(caller.lang);
    const jobsById = new Map(jobList.map((j) => [j.id, inLanguage(j, lang)]));
    return rows.map((r) =>
      presentAppointment(
        r,
        people.filter((p) => p.appointmentId === r.id),
        r.jobId ? jobsById.get(r.jobId) : null,
        withJob,
      ),
    );
  }

  /** The planner's rows as events and assignments, the jobs' names in the caller's language. */
  private plannerData(caller: Caller, found: Awaited<ReturnType<typeof repo.plannerWindowOf>>) {
    const lang = languageOf(caller.lang);
    const jobsById = new Map(found.jobs.map((j) => [j.id, inLanguage(j, lang)]));
    return presentSchedulerData(found.rows, found.people, jobsById);
  }

  /** Type 1 needs a named technician; every participant must be an active bookable user. */
  private async checkParticipants(caller: Caller, type: number, ids: number[]) {
    if (appointmentsPolicy.needsParticipant(type) && ids.length === 0)
      throw fieldRefusal(caller, 'Participants', 'participant_required');
    const unique = [...new Set(ids)];
    const found = new Set((await repo.bookableUsers(this.db, { ids: unique })).map((u) => u.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw fieldRefusal(caller, 'Participants', 'not_bookable', { id: missing });
  }

  /** The parent job to plan, locked: it must exist and be below status 70 (000 §2). */
  private async plannableJob(caller: Caller, tx: Executor, jobId: number) {
    const job = await repo.findJobForPlanning(tx, jobId, true);
    if (!job) throw fieldNotFound(caller, 'JobId', 'object_job', jobId);
    if (!appointmentsPolicy.mayPlan(job)) throw jobConflict(caller, 'job_locked');
    return job;
  }

  /** A job that gets an appointment moves on as planning says (a new job is planned). */
  private async planned(tx: Executor, emit: Emit, caller: Caller, job: PlanningJob) {
    const next = appointmentsPolicy.statusWhenPlanned(job);
    if (next !== null) await this.moveJob(tx, emit, caller, job, next);
  }

  /** The job's status as planning says: through the job's one status writer, so its messages go too. */
  private async moveJob(tx: Executor, emit: Emit, caller: Caller, job: PlanningJob, statusId: number) {
    await writeJobStatus(
      tx,
      emit,
      caller,
      job,
      { jobStatusId: statusId, jobSubStatusId: null },
      { action: 'ChangeStatus', messages: this.messages },
    );
  }

  /** A planned job whose last appointment goes is new again. */
  private async unplanIfLast(tx: Executor, emit: Emit, caller: Caller, gone: repo.AppointmentRow) {
    if (!gone.jobId) return;
    const job = await repo.findJobForPlanning(tx, gone.jobId, true);
    const next = job ? appointmentsPolicy.statusWhenUnplanned(job) : null;
    if (!job || next === null) return;
    if ((await repo.otherAppointments(tx, job.id, gone.id)) > 0) return;
    await this.moveJob(tx, emit, caller, job, next);
  }
}

/** The change event of an appointment: the scheduler and the job's planners refresh from it. */
const appointmentEvent = (
  caller: Caller,
  row: repo.AppointmentRow,
  changeType: 'New' | 'Change' | 'Delete',
): ChangeEvent => ({
  entity: 'appointment',
  entityId: row.id,
  changeType,
  userId: caller.user.id,
  payload: { AppointmentId: row.id, JobId: row.jobId },
});
