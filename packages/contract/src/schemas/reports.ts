import { z } from 'zod';

/** The type of the printable documents of a job (routes/reports.routes.ts). */
export const PDF = 'application/pdf';

/** Where a job's service report is fetched (GetServiceReportLink): the path of its PDF under the API. */
export const ServiceReportLink = z.object({ Link: z.string() });
export type ServiceReportLink = z.infer<typeof ServiceReportLink>;
