import { z } from 'zod';
import { ALL_USER_TYPES } from '../domain/user-types.ts';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { PagedQuery, RecordIdParams } from '../schemas/fields.ts';
import {
  JobListFilter,
  JobListPage,
  JobPriority,
  JobStatus,
  JobStatusGetAllQuery,
  JobStatusWithCount,
  JobSubStatus,
  JobSubStatusFilterQuery,
  JobType,
} from '../schemas/jobs.ts';

/**
 * The job list and the job lookups (002 §7.10). Every user type may list jobs, but customer users see
 * only their company's jobs and partners only their customers' (in the query); someone else's
 * customer or machine as a filter answers 404. The lookups are the same for everyone.
 */
const jobReaders = users(ALL_USER_TYPES, { permission: 'Module.Jobs' });
const readers = users(ALL_USER_TYPES);

export const jobRoutes = {
  jobListFiltered: defineRoute({
    method: 'POST',
    path: sp('JobList/Filtered'),
    summary:
      'A page of parent jobs by the job list filter, newest first; TotalCount stops at 10,000 (TotalCountCapped).',
    access: jobReaders,
    body: JobListFilter,
    response: json(JobListPage),
  }),
  jobStatusGetAll: defineRoute({
    method: 'GET',
    path: sp('JobStatus/GetAll'),
    summary:
      'Every job status with its sub-statuses and how many parent jobs the caller may see in each (capped at 10,000).',
    access: jobReaders,
    query: JobStatusGetAllQuery,
    response: json(z.array(JobStatusWithCount)),
  }),
  jobStatusFiltered: defineRoute({
    method: 'GET',
    path: sp('JobStatus/Filtered'),
    summary: 'A page of job statuses in their order.',
    access: readers,
    query: PagedQuery,
    response: json(listOf(JobStatus)),
  }),
  jobSubStatusFiltered: defineRoute({
    method: 'GET',
    path: sp('JobSubStatus/Filtered'),
    summary: 'A page of job sub-statuses, optionally of one status.',
    access: readers,
    query: JobSubStatusFilterQuery,
    response: json(listOf(JobSubStatus)),
  }),
  jobSubStatusByStatus: defineRoute({
    method: 'GET',
    path: sp('JobSubStatus/ByStatus/:id'),
    summary: 'The sub-statuses of one job status; an unknown status answers 404.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(JobSubStatus)),
  }),
  jobTypeList: defineRoute({
    method: 'GET',
    path: sp('jobtype'),
    summary: 'Every job type.',
    access: readers,
    response: json(z.array(JobType)),
  }),
  jobPriorityList: defineRoute({
    method: 'GET',
    path: sp('jobpriority'),
    summary: 'Every job priority with the hours after which it is due.',
    access: readers,
    response: json(z.array(JobPriority)),
  }),
} as const;
