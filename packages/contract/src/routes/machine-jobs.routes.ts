import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import {
  MachineJobBulkAddInput,
  MachineJobChangeInput,
  MachineJobFlagQuery,
  MachineLineInput,
  ParentParams,
  SubJob,
  TransferParams,
} from '../schemas/job.ts';

/**
 * Machine sub-jobs (002 §7.10). Read like their job; added, changed, moved and removed with Job.SubJob
 * (Admin, Technician, Subcontractor). A machine must belong to the job's customer; a job keeps at least
 * one machine; an approved, closed or deleted job's sub-jobs stay as they are.
 */
const subJobEditors = users(STAFF, { permission: 'Job.SubJob' });

export const machineJobRoutes = {
  machineJobGet: defineRoute({
    method: 'GET',
    path: sp('MachineJob/get/:id'),
    summary: 'One machine sub-job.',
    access: users(ALL_USER_TYPES, { permission: 'Module.Jobs' }),
    params: RecordIdParams,
    response: json(SubJob),
  }),
  machineJobBulkAdd: defineRoute({
    method: 'POST',
    path: sp('MachineJob/BulkAdd'),
    summary: 'Add sub-jobs for several machines of the job’s customer; all or none.',
    access: subJobEditors,
    body: MachineJobBulkAddInput,
    response: json(z.array(SubJob)),
  }),
  machineJobAddToParent: defineRoute({
    method: 'PUT',
    path: sp('MachineJob/add/parent/:parentId'),
    summary: 'Add one sub-job for a machine of the job’s customer.',
    access: subJobEditors,
    params: ParentParams,
    body: MachineLineInput,
    response: json(SubJob),
  }),
  machineJobTransfer: defineRoute({
    method: 'PATCH',
    path: sp('MachineJob/Transfer/:id/ToMachine/:machineId'),
    summary: 'Move a sub-job to another machine of the same customer.',
    access: subJobEditors,
    params: TransferParams,
    response: json(SubJob),
  }),
  machineJobChange: defineRoute({
    method: 'PATCH',
    path: sp('MachineJob/change/:id'),
    summary: 'Change a sub-job’s comments and codes; a RowVersion older than the stored one answers 409.',
    access: subJobEditors,
    params: RecordIdParams,
    body: MachineJobChangeInput,
    response: json(SubJob),
  }),
  machineJobFlag: defineRoute({
    method: 'PATCH',
    path: sp('MachineJob/change/:id/flag'),
    summary: 'Set a sub-job’s flag: 0 ok, 1 notice, above 1 problem.',
    access: subJobEditors,
    params: RecordIdParams,
    query: MachineJobFlagQuery,
    response: json(SubJob),
  }),
  machineJobRemove: defineRoute({
    method: 'DELETE',
    path: sp('MachineJob/remove/:id'),
    summary: 'Remove a sub-job (status 110); the last machine of a job cannot be removed.',
    access: subJobEditors,
    params: RecordIdParams,
    response: json(SubJob),
  }),
} as const;
