import { z } from 'zod';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import { JobStatusChangeInput, JobSubStatusChangeInput, JobSubStatusInput } from '../schemas/job-lookups.ts';
import { JobStatus, JobSubStatus } from '../schemas/jobs.ts';

/** The Admin's job statuses page (001 §2.4 job-statuses; 002 §7.10 PATCH JobStatus, JobSubStatus). */
const admin = users([1], { permission: 'Module.Admin' });

export const jobStatusAdminRoutes = {
  jobStatusChange: defineRoute({
    method: 'PATCH',
    path: sp('JobStatus'),
    summary: 'Rename, recolour, re-icon or reorder a job status; the ids and their rules stay.',
    access: admin,
    body: JobStatusChangeInput,
    response: json(JobStatus),
  }),
  jobSubStatusCreate: defineRoute({
    method: 'POST',
    path: sp('JobSubStatus'),
    summary: 'Add a sub-status to a status; names are unique within their status.',
    access: admin,
    body: JobSubStatusInput,
    response: json(JobSubStatus),
  }),
  jobSubStatusChange: defineRoute({
    method: 'PATCH',
    path: sp('JobSubStatus'),
    summary: 'Rename a sub-status.',
    access: admin,
    body: JobSubStatusChangeInput,
    response: json(JobSubStatus),
  }),
  jobSubStatusDelete: defineRoute({
    method: 'DELETE',
    path: sp('JobSubStatus/:id'),
    summary: 'Delete a sub-status no job has.',
    access: admin,
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
} as const;
