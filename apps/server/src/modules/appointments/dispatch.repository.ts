import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  addresses,
  appointmentParticipants,
  appointments,
  jobPriorities,
  jobs,
  jobTypes,
  proposedPlans,
  tasks,
  users,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/**
 * The bookable (or, with `anyActive`, all active) users a plan is for: their department, skills and home
 * (decision 063), their own working hours (decision 097) and weekdays' own (decision 100).
 */
export async function planUsers(
  db: Executor,
  opts: { ids?: number[] | null; departmentIds: number[]; anyActive?: boolean },
) {
  return db
    .select({
      id: users.id,
      name: users.name,
      userTypeId: users.userTypeId,
      departmentId: users.departmentId,
      skills: users.skills,
      homeLatitude: users.homeLatitude,
      homeLongitude: users.homeLongitude,
      workStart: users.workStart,
      workEnd: users.workEnd,
      workDays: users.workDays,
    })
    .from(users)
    .where(
      and(
        opts.anyActive ? undefined : eq(users.isBookable, true),
        eq(users.isActive, true),
        opts.ids ? inArray(users.id, opts.ids) : undefined,
        opts.departmentIds.length ? inArray(users.departmentId, opts.departmentIds) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
}

/** What placing a job needs: its length, department, place, its type's skills and its priority's deadline. */
const jobFields = {
  id: jobs.id,
  displayName: jobs.displayName,
  jobStatusId: jobs.jobStatusId,
  estimatedTime: jobs.estimatedTime,
  departmentId: jobs.orderDepartmentId,
  createdAt: jobs.createdAt,
  latitude: addresses.latitude,
  longitude: addresses.longitude,
  skills: jobTypes.skills,
  dueAfterHours: jobPriorities.dueAfterHours,
};

/**
 * The jobs to plan: the chosen parent jobs (`ids`), or the parent jobs at `statusId` with no
 * appointment, optionally of some departments, oldest first, at most `limit`.
 */
export async function planJobs(
  db: Executor,
  opts: { ids?: number[] | null; statusId: number; departmentIds: number[]; limit: number },
) {
  return db
    .select(jobFields)
    .from(jobs)
    .innerJoin(jobTypes, eq(jobTypes.id, jobs.jobTypeId))
    .leftJoin(jobPriorities, eq(jobPriorities.id, jobs.jobPriorityId))
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(
      and(
        isNull(jobs.parentId),
        ...(opts.ids
          ? [inArray(jobs.id, opts.ids)]
          : [
              eq(jobs.jobStatusId, opts.statusId),
              opts.departmentIds.length ? inArray(jobs.orderDepartmentId, opts.departmentIds) : undefined,
              sql`not exists (select 1 from ${appointments} where ${appointments.jobId} = ${jobs.id})`,
            ]),
      ),
    )
    .orderBy(asc(jobs.createdAt), asc(jobs.id))
    .limit(opts.limit);
}

/**
 * The appointments of some users overlapping [from, to) (wall-clock texts), one row per participant, with
 * their job's status and placed address and how many take part.
 */
export async function planStops(db: Executor, from: string, to: string, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      userId: appointmentParticipants.userId,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      subject: appointments.subject,
      jobId: appointments.jobId,
      rowVersion: appointments.rowVersion,
      jobStatusId: jobs.jobStatusId,
      latitude: addresses.latitude,
      longitude: addresses.longitude,
      participants: sql<number>`(select count(*)::int from ${appointmentParticipants} where ${appointmentParticipants.appointmentId} = ${appointments.id})`,
    })
    .from(appointmentParticipants)
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .leftJoin(jobs, eq(jobs.id, appointments.jobId))
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .where(
      and(
        lt(appointments.startTime, to),
        gt(appointments.endTime, from),
        inArray(appointmentParticipants.userId, userIds),
      ),
    )
    .orderBy(asc(appointments.startTime), asc(appointments.id));
}

/** A proposal task's plan, of its owner only. */
export async function proposedPlan(db: Executor, taskId: number, userId: number) {
  const [row] = await db
    .select({ plan: proposedPlans.plan })
    .from(proposedPlans)
    .where(and(eq(proposedPlans.taskId, taskId), eq(proposedPlans.userId, userId)));
  return row ?? null;
}

/**
 * Keeps a proposal task's plan, only while the task still runs (a cancel first: nothing kept, false);
 * a plan kept lets the owner's earlier ones go (each user keeps their newest proposal), in one statement.
 */
export async function keepProposedPlan(db: Executor, taskId: number, userId: number, plan: unknown) {
  const { rows } = await db.execute<{ task_id: number }>(sql`
    with kept as (
      insert into ${proposedPlans} (task_id, user_id, plan)
      select ${taskId}, ${userId}, ${JSON.stringify(plan)}::jsonb
       where exists (select 1 from ${tasks} where ${tasks.id} = ${taskId} and ${tasks.status} = 'update')
      returning task_id
    ), earlier as (
      delete from ${proposedPlans}
       where ${proposedPlans.userId} = ${userId} and ${proposedPlans.taskId} <> ${taskId}
         and exists (select 1 from kept)
    )
    select task_id from kept`);
  return rows.length > 0;
}

/**
 * Forgets the proposal tasks' plans kept longer than a day (decision 097): a plan is read right after its
 * task completes; a day later its jobs and days have moved on. How many went.
 */
export async function deleteOldProposedPlans(db: Executor) {
  const gone = await db
    .delete(proposedPlans)
    .where(lt(proposedPlans.createdAt, sql`now() - interval '1 day'`))
    .returning({ taskId: proposedPlans.taskId });
  return gone.length;
}

/**
 * The board's stops (Scheduler/Travel): every participant's appointments with a job overlapping [from, to)
 * (wall-clock texts), with the job's place and the user's home, by user and start: one statement. The
 * job's place is its delivery address's point as the job carries it (place_latitude/longitude, kept by
 * the database, migration 0037), read with the job's id from jobs_parent_created alone (migration 0044):
 * a day's 3,200 appointments read each job's row and its address's on the large company (decision 093).
 * Appointments are of parent jobs only (a sub-job is never planned).
 */
export async function boardStops(db: Executor, from: string, to: string) {
  return db
    .select({
      id: appointments.id,
      userId: appointmentParticipants.userId,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      latitude: jobs.placeLatitude,
      longitude: jobs.placeLongitude,
      homeLatitude: users.homeLatitude,
      homeLongitude: users.homeLongitude,
    })
    .from(appointmentParticipants)
    .innerJoin(appointments, eq(appointments.id, appointmentParticipants.appointmentId))
    .innerJoin(users, eq(users.id, appointmentParticipants.userId))
    .innerJoin(jobs, and(eq(jobs.id, appointments.jobId), isNull(jobs.parentId)))
    .where(
      and(lt(appointments.startTime, to), gt(appointments.endTime, from), eq(appointments.isAbsence, false)),
    )
    .orderBy(asc(appointmentParticipants.userId), asc(appointments.startTime), asc(appointments.id));
}
