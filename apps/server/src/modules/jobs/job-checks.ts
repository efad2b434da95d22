import { languageOf, localName, type ServerMessageKey } from '@fieldport/contract';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { fieldNotFound, fieldRefusal, translatedRefusal } from '../common/errors.ts';
import { assertCurrent } from '../common/row-version.ts';
import { jobPolicy } from './job-record.policy.ts';
import type { JobRow } from './job-record.repository.ts';
import { existingIds, findStatus, findSubStatusOf } from './job-references.repository.ts';

/** 409 with a message of the catalogue: the job's state does not allow what was asked. */
export const jobConflict = (
  caller: Caller,
  key: ServerMessageKey,
  values: Record<string, string | number> = {},
) => translatedRefusal(caller.lang, 409, key, values);

/** An approved, closed or deleted job is kept as it is (invoicing may rest on it). */
export function assertOpen(caller: Caller, job: JobRow) {
  if (!jobPolicy.mayChange(job)) throw jobConflict(caller, 'job_locked');
}

/** A RowVersion older than the stored one: someone else saved the job in between; nothing is overwritten. */
export const assertJobCurrent = (
  caller: Caller,
  row: { rowVersion: number },
  rowVersion: number | undefined,
) => assertCurrent(caller, row, rowVersion, 'job_changed_since');

/** The status and sub-status a job may be given (ChangeStatus, create, change): below 70, a matching pair. */
export async function checkStatus(
  caller: Caller,
  db: Executor,
  statusId: number,
  subStatusId: number | null | undefined,
  field = 'JobStatusId',
) {
  const status = await findStatus(db, statusId);
  if (!status) throw fieldNotFound(caller, field, 'object_job_status', statusId);
  if (!jobPolicy.maySetStatus(statusId))
    throw fieldRefusal(caller, field, 'job_status_not_settable', {
      status: localName(status, languageOf(caller.lang)),
    });
  if (subStatusId == null) return status;
  if (!(await findSubStatusOf(db, subStatusId, statusId)))
    throw fieldRefusal(caller, 'JobSubStatusId', 'sub_status_of_other', {
      status: localName(status, languageOf(caller.lang)),
    });
  return status;
}

const ids = (list: (number | null | undefined)[]) => [...new Set(list.filter((v): v is number => v != null))];

/** Ids that name reference rows which are not there answer 400 on their field, before anything is written. */
export async function checkReferences(
  caller: Caller,
  db: Executor,
  refs: {
    JobTypeId?: number | undefined;
    JobPriorityId?: number | null | undefined;
    OrderDepartmentId?: number | null | undefined;
    lines?: {
      WarrentyTypeId?: number | null;
      RepairPlaceId?: number | null;
      JobCategoryId?: number | null;
    }[];
  },
) {
  const lines = refs.lines ?? [];
  const checks: [
    string,
    ServerMessageKey & `object_${string}`,
    number[],
    (found: number[]) => Promise<number[]>,
  ][] = [
    ['JobTypeId', 'object_job_type', ids([refs.JobTypeId]), (v) => existingIds(db, 'jobType', v)],
    [
      'JobPriorityId',
      'object_job_priority',
      ids([refs.JobPriorityId]),
      (v) => existingIds(db, 'jobPriority', v),
    ],
    [
      'OrderDepartmentId',
      'object_department',
      ids([refs.OrderDepartmentId]),
      (v) => existingIds(db, 'department', v),
    ],
    [
      'WarrentyTypeId',
      'object_warranty_type',
      ids(lines.map((l) => l.WarrentyTypeId)),
      (v) => existingIds(db, 'warrantyType', v),
    ],
    [
      'RepairPlaceId',
      'object_repair_place',
      ids(lines.map((l) => l.RepairPlaceId)),
      (v) => existingIds(db, 'repairPlace', v),
    ],
    [
      'JobCategoryId',
      'object_job_category',
      ids(lines.map((l) => l.JobCategoryId)),
      (v) => existingIds(db, 'jobCategory', v),
    ],
  ];
  for (const [field, object, wanted, lookUp] of checks) {
    if (wanted.length === 0) continue;
    const present = new Set(await lookUp(wanted));
    const missing = wanted.find((id) => !present.has(id));
    if (missing !== undefined) throw fieldNotFound(caller, field, object, missing);
  }
}
