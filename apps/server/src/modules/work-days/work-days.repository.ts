import { JOB_STATUS } from '@fieldport/contract';
import { aliasedTable, and, eq, inArray, ne, sql } from 'drizzle-orm';
import { jobs, orderLines, timeEntries, timeWeekApprovals, users } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/*
 * A person's work day and week (decision 046, 096): the hours they have on a day, on jobs' time lines
 * and without a job, and the office's approvals of their weeks. Read by the time report and by the
 * job time lines' checks (day-rules.ts), which both sit above this module.
 */

const approver = aliasedTable(users, 'approver');

/** Holds the user's row for the transaction: two reports of one user's hours go one after the other. */
export async function lockUser(db: Executor, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The hours a user has on a day, on jobs and without, leaving out one row (the one being changed). */
export async function hoursOfDay(
  db: Executor,
  userId: number,
  day: string,
  except?: { kind: 'Job' | 'Internal'; id: number },
) {
  const onJobs = db
    .select({ h: sql<string>`coalesce(sum(${orderLines.quantity}), 0)` })
    .from(orderLines)
    .innerJoin(jobs, eq(jobs.id, orderLines.jobId))
    .where(
      and(
        eq(orderLines.isTime, true),
        eq(orderLines.userId, userId),
        eq(orderLines.workDate, day),
        ne(jobs.jobStatusId, JOB_STATUS.Deleted),
        except?.kind === 'Job' ? ne(orderLines.id, except.id) : undefined,
      ),
    );
  const internal = db
    .select({ h: sql<string>`coalesce(sum(${timeEntries.hours}), 0)` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.userId, userId),
        eq(timeEntries.workDate, day),
        except?.kind === 'Internal' ? ne(timeEntries.id, except.id) : undefined,
      ),
    );
  const [[a], [b]] = await Promise.all([onJobs, internal]);
  return Number(a?.h ?? 0) + Number(b?.h ?? 0);
}

/** The approvals of these users' weeks starting on the given Mondays. */
export function approvals(db: Executor, userIds: readonly number[], weekStarts: readonly string[]) {
  if (userIds.length === 0 || weekStarts.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: timeWeekApprovals.userId,
      weekStart: timeWeekApprovals.weekStart,
      approvedAt: timeWeekApprovals.approvedAt,
      approvedByName: approver.name,
    })
    .from(timeWeekApprovals)
    .innerJoin(approver, eq(approver.id, timeWeekApprovals.approvedBy))
    .where(
      and(
        inArray(timeWeekApprovals.userId, [...userIds]),
        inArray(timeWeekApprovals.weekStart, [...weekStarts]),
      ),
    );
}
