import { z } from 'zod';
import { FAULT_REPORT_MAX_LENGTH } from './fault-reports.ts';
import { FIELD_MESSAGES, optionalEmail, optionalPhone, RefId, requiredLine } from './fields.ts';

const M = FIELD_MESSAGES;

/** The most photos one label report carries (issue 32). */
export const LABEL_PHOTO_MAX_FILES = 3;
/** The most bytes one photo may have: a phone camera's picture, well under the documents' limit. */
export const LABEL_PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Reports one label accepts in an hour, and one address (decision 070). */
export const LABEL_REPORTS_PER_LABEL_HOUR = 5;
export const LABEL_REPORTS_PER_ADDRESS_HOUR = 10;

/**
 * A machine's label token, naming nothing: 43 base64url characters (256 bits, decision 087), or on a
 * label printed before it 64 lowercase hex characters (decision 070). Anything else is not a label: the
 * server answers 404 as for an unknown one (`LABEL_TOKEN`).
 */
export const LABEL_TOKEN = /^(?:[A-Za-z0-9_-]{43}|[0-9a-f]{64})$/;
export const LabelTokenParams = z.object({
  token: z.string().max(200),
});

/** What the label's public page shows: the machine named as on its label, and the urgencies. */
export const LabelPage = z.object({
  MachineName: z.string(),
  Priorities: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
});
export type LabelPage = z.infer<typeof LabelPage>;

/**
 * The label form's fields (multipart, with up to three `Photos`): what is wrong, how urgent, who
 * reports it and how to reach them (a telephone or an e-mail at least). `Website` is a honeypot no
 * person fills in: a report with it is refused.
 */
export const LabelReportFields = z
  .object({
    Description: z
      .string({ error: M.required })
      .trim()
      .min(1, M.required)
      .max(FAULT_REPORT_MAX_LENGTH, M.max(FAULT_REPORT_MAX_LENGTH)),
    JobPriorityId: z.coerce.number({ error: M.wholeNumber }).pipe(RefId),
    ReporterName: requiredLine(100),
    ReporterPhone: optionalPhone.default(''),
    ReporterEmail: optionalEmail.default(''),
    Website: z.string().max(200).default(''),
    Photos: z.unknown().optional(),
  })
  .refine((v) => v.ReporterPhone !== '' || v.ReporterEmail !== '', {
    path: ['ReporterPhone'],
    message: 'A telephone number or an e-mail address is required',
  });
export type LabelReportFields = z.input<typeof LabelReportFields>;

/** The answer to a label report: the new job's number, for the reporter to quote. */
export const LabelReportReceipt = z.object({
  OrderId: z.string().nullable(),
  /** The reporter's link to follow the job (decision 072's page), made with the job. */
  StatusLink: z.string(),
});

/** A signed-in customer user's label: their company's machine it names (the portal's form opens on it). */
export const LabelMachine = z.object({ MachineId: z.number().int() });
