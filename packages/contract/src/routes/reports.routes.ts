import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { binary, defineRoute, json, sp, users } from '../http/route.ts';
import { RecordId, RecordIdParams } from '../schemas/fields.ts';
import { JobSignature, JobSignatureInput, PDF, ServiceReportLink } from '../schemas/reports.ts';

/**
 * The printable documents of a job (002 §7.10, the preview pane's menu of 000 §2): its service report and
 * its hazard analysis, PDF documents made on the server in the caller's language (Accept-Language). Who
 * may read the job may read them: customer users only their company's, partners only their customers'
 * (another's id answers 404).
 */
const readers = users(ALL_USER_TYPES, { permission: 'Module.Jobs' });
const JobIdParams = z.object({ jobId: RecordId });

export const reportRoutes = {
  hazardAnalysis: defineRoute({
    method: 'GET',
    path: '/api2/resource/hazard-analysis/:jobId',
    summary:
      'The hazard analysis of a job as a PDF: the job, its place and machines, a risk checklist with measures, and signatures.',
    access: readers,
    params: JobIdParams,
    response: binary(PDF),
  }),
  serviceReport: defineRoute({
    method: 'GET',
    path: '/api2/resource/service-report/:jobId',
    summary:
      'The service report of a job as a PDF: company, customer, delivery address, contact, machines with their comments and codes, appointments with their technicians, and a signature field.',
    access: readers,
    params: JobIdParams,
    response: binary(PDF),
  }),
  serviceReportLink: defineRoute({
    method: 'GET',
    path: sp('Job/:id/ServiceReportLink'),
    summary: 'Where the service report of a job is fetched (the path of resource/service-report/{jobId}).',
    access: readers,
    params: RecordIdParams,
    response: json(ServiceReportLink),
  }),
  jobSignatureSave: defineRoute({
    method: 'PUT',
    path: sp('Job/:id/Signature'),
    summary:
      'Store the customer’s signature on a job (a PNG in base64, at most 256 KB, and the signer’s name), captured now by the caller; a job has one, a new one replaces it. The service report carries it. Honours an Idempotency-Key.',
    access: users(STAFF, { permission: 'Job.Edit' }),
    params: RecordIdParams,
    body: JobSignatureInput,
    response: json(JobSignature),
  }),
} as const;
