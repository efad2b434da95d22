import { z } from 'zod';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import {
  JobPriorityChangeInput,
  JobStatusChangeInput,
  JobSubStatusChangeInput,
  JobSubStatusInput,
  JobTypeChangeInput,
} from '../schemas/job-lookups.ts';
import { JobPriority, JobStatus, JobSubStatus, JobType } from '../schemas/jobs.ts';

/**
 * The Admin's job statuses page (001 §2.4 job-statuses; 002 §7.10 PATCH JobStatus, JobSubStatus), and
 * the names of job types and priorities (beyond the catalogue, which has only their GETs; decision 034).
 */
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
  jobTypeChange: defineRoute({
    method: 'PATCH',
    path: sp('jobtype'),
    summary:
      "Rename a job type in the caller's language (Name) or per language (Names; '' clears one). Beyond the catalogue (002 has only GET jobtype).",
    access: admin,
    body: JobTypeChangeInput,
    response: json(JobType),
  }),
  jobPriorityChange: defineRoute({
    method: 'PATCH',
    path: sp('jobpriority'),
    summary:
      'Rename a job priority (Name, Names) or change the hours after which its jobs are due. Beyond the catalogue (002 has only GET jobpriority).',
    access: admin,
    body: JobPriorityChangeInput,
    response: json(JobPriority),
  }),
} as const;
