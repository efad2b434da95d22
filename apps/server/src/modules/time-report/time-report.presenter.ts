import type { TimeRow } from '@fieldport/contract';
import { jobPolicy } from '../jobs/job-record.policy.ts';
import type * as repo from './time-report.repository.ts';

/** The week's rows as the catalogue's TimeRow: a job's time line, or an hour entry without a job. */
export function presentJobRow(r: repo.JobRow, weekApproved: boolean): TimeRow {
  return {
    Kind: 'Job',
    Id: r.id,
    UserId: r.userId!,
    WorkDate: r.workDate!,
    Hours: Number(r.hours),
    ArticleNumber: r.articleNumber,
    Description: r.description,
    Comment: r.comment,
    JobId: r.jobId,
    ParentJobId: r.parentJobId,
    OrderId: r.orderId,
    JobName: r.jobName,
    Locked: weekApproved || !jobPolicy.mayChange({ jobStatusId: r.jobStatusId }),
    RowVersion: r.rowVersion,
  };
}

export function presentInternalRow(r: repo.InternalRow, weekApproved: boolean): TimeRow {
  return {
    Kind: 'Internal',
    Id: r.entry.id,
    UserId: r.entry.userId,
    WorkDate: r.entry.workDate,
    Hours: Number(r.entry.hours),
    ArticleNumber: r.articleNumber,
    Description: r.entry.description,
    Comment: r.entry.comment,
    JobId: null,
    ParentJobId: null,
    OrderId: null,
    JobName: null,
    Locked: weekApproved,
    RowVersion: r.entry.rowVersion,
  };
}
