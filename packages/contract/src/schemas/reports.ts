import { z } from 'zod';
import { requiredLine } from './fields.ts';

/** The type of the printable documents of a job (routes/reports.routes.ts). */
export const PDF = 'application/pdf';

/** Where a job's service report is fetched (GetServiceReportLink): the path of its PDF under the API. */
export const ServiceReportLink = z.object({ Link: z.string() });
export type ServiceReportLink = z.infer<typeof ServiceReportLink>;

/** The largest signature image the server keeps (a pad's PNG is some tens of KB). */
export const SIGNATURE_MAX_BYTES = 256 * 1024;

/**
 * The customer's signature on a job (issue 31, decision 090): the pad's drawing as a PNG in base64
 * (checked by content and size on the server) and the name the signer gave.
 */
export const JobSignatureInput = z.object({
  SignerName: requiredLine(100),
  Png: z
    .string()
    .min(1)
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 4)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/),
});
export type JobSignatureInput = z.infer<typeof JobSignatureInput>;

/** A job's stored signature: who signed, when (UTC), and who captured it. */
export const JobSignature = z.object({
  JobId: z.number().int(),
  SignerName: z.string(),
  SignedAt: z.string(),
  CapturedBy: z.string(),
});
export type JobSignature = z.infer<typeof JobSignature>;
