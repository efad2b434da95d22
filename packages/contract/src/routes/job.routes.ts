import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { ChangeLogEntry } from '../schemas/change-logs.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import {
  InvoiceCustomerQuery,
  Job,
  JobChangeInput,
  JobChangeStatusQuery,
  JobCreateInput,
  SubJob,
  SwapCustomerParams,
  SwapCustomerQuery,
  SwapParams,
} from '../schemas/job.ts';

/**
 * One job and what is done to it (002 §7.10, the swaps of §7.6). Everyone may read a job, but customer
 * users only their company's and partners only their customers' (in the query: another's id answers
 * 404). Changes follow the action rights of 001 §6; creating is New job (Admin, Technician).
 */
const readers = users(ALL_USER_TYPES, { permission: 'Module.Jobs' });
const edit = users(STAFF, { permission: 'Job.Edit' });

export const jobRecordRoutes = {
  jobGet: defineRoute({
    method: 'GET',
    path: sp('job/:id'),
    summary:
      'One job with its customer, contact, address, machine sub-jobs, appointments and what may be done.',
    access: readers,
    params: RecordIdParams,
    response: json(Job),
  }),
  jobGetOldFormat: defineRoute({
    method: 'GET',
    path: sp('job/oldformat/:id'),
    summary: 'The same job, for older clients: the shape is the same as job/{id}.',
    access: readers,
    params: RecordIdParams,
    response: json(Job),
  }),
  jobSubJobs: defineRoute({
    method: 'GET',
    path: sp('job/:id/subjobs'),
    summary: 'The machine sub-jobs of a job that are not deleted.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(SubJob)),
  }),
  jobCreate: defineRoute({
    method: 'POST',
    path: sp('job/create'),
    summary:
      'Create a job with its machine sub-jobs; the server assigns the order ids (a number, and L1, L2 … for the sub-jobs; none for parts jobs).',
    access: users([1, 2], { permission: 'Module.NewJob' }),
    body: JobCreateInput,
    response: json(Job),
  }),
  jobChangeDetails: defineRoute({
    method: 'PATCH',
    path: sp('job/changedetails'),
    summary:
      'Change a job’s details; a RowVersion older than the stored one answers 409 and changes nothing. A new type needs Job.ChangeType.',
    access: edit,
    body: JobChangeInput,
    response: json(Job),
  }),
  jobChangeStatus: defineRoute({
    method: 'PATCH',
    path: sp('Job/:id/ChangeStatus'),
    summary:
      'Set a job’s status (below 70) and sub-status (0 or none for no sub-status); its sub-jobs follow. Completing (50) needs Job.Complete.',
    access: edit,
    params: RecordIdParams,
    query: JobChangeStatusQuery,
    response: json(Job),
  }),
  jobApprove: defineRoute({
    method: 'PATCH',
    path: sp('job/:id/approve'),
    summary: 'Approve a job whose status is 50 to 69: it gets status 70.',
    access: users([1, 2], { permission: 'Job.Approve' }),
    params: RecordIdParams,
    response: json(Job),
  }),
  jobDelete: defineRoute({
    method: 'DELETE',
    path: sp('job/:id'),
    summary:
      'Delete a job (status 110 for it and its sub-jobs) when it is deletable: not approved, closed or deleted.',
    access: users([1, 2], { permission: 'Job.Delete' }),
    params: RecordIdParams,
    response: json(Job),
  }),
  jobSwapCustomer: defineRoute({
    method: 'PATCH',
    path: sp('job/:jobId/swapcustomer/:customerId'),
    summary:
      'Move a job to another customer, at its default delivery address and contact; every machine sub-job is removed, so while it has any the call needs confirm=true (409 without).',
    access: users([1, 3], { permission: 'Job.SwapCustomer' }),
    params: SwapCustomerParams,
    query: SwapCustomerQuery,
    response: json(Job),
  }),
  jobInvoiceCustomer: defineRoute({
    method: 'PATCH',
    path: sp('Order/Job/:id/InvoiceCustomer'),
    summary:
      'Set the customer a job is invoiced to and its contact (a contact of that customer); the same rights as swapping the job’s customer.',
    access: users([1, 3], { permission: 'Job.SwapCustomer' }),
    params: RecordIdParams,
    query: InvoiceCustomerQuery,
    response: json(Job),
  }),
  jobSwapAddress: defineRoute({
    method: 'PATCH',
    path: sp('job/:jobId/swapaddress/:id'),
    summary: 'Set a job’s delivery address to another address of its customer.',
    access: users(STAFF, { permission: 'Job.SwapAddress' }),
    params: SwapParams,
    response: json(Job),
  }),
  jobSwapContact: defineRoute({
    method: 'PATCH',
    path: sp('job/:jobId/swapcontact/:id'),
    summary: 'Set a job’s contact to another contact of its customer.',
    access: users(STAFF, { permission: 'Job.SwapContact' }),
    params: SwapParams,
    response: json(Job),
  }),
  jobHistory: defineRoute({
    method: 'GET',
    path: sp('JobHistory/:id'),
    summary: 'What changed on a job and its sub-jobs, newest first.',
    access: readers,
    params: RecordIdParams,
    response: json(z.array(ChangeLogEntry)),
  }),
} as const;
