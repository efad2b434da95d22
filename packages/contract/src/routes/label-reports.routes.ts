import { CUSTOMER_TYPES } from '../domain/user-types.ts';
import { anonymous, defineRoute, json, users } from '../http/route.ts';
import {
  LABEL_PHOTO_MAX_BYTES,
  LABEL_PHOTO_MAX_FILES,
  LabelMachine,
  LabelPage,
  LabelReportFields,
  LabelReportReceipt,
  LabelTokenParams,
} from '../schemas/label-reports.ts';

const photos = `up to ${LABEL_PHOTO_MAX_FILES} Photos (PNG, JPEG or WebP, ${LABEL_PHOTO_MAX_BYTES / 1024 / 1024} MB each)`;

/**
 * The fault report from a machine's QR label (issue 32 item 1, decision 070). The label's link carries
 * the machine's random label token and nothing else; the page and the form are public. A token that is
 * not a machine's, a machine left out or the feature off all answer the same 404.
 */
export const labelReportRoutes = {
  labelPage: defineRoute({
    method: 'GET',
    path: '/api2/label/:token',
    summary:
      'The public fault form of a machine’s QR label: the machine named as on its label, and the urgencies.',
    access: anonymous,
    params: LabelTokenParams,
    response: json(LabelPage),
  }),
  labelReport: defineRoute({
    method: 'POST',
    path: '/api2/label/:token/FaultReport',
    summary: `Report a fault from a machine’s QR label (no sign-in; multipart Description, JobPriorityId, ReporterName, ReporterPhone, ReporterEmail, ${photos}): a new job for the machine’s customer, delivery address and machine.`,
    access: anonymous,
    params: LabelTokenParams,
    bodyKind: 'multipart',
    body: LabelReportFields,
    response: json(LabelReportReceipt),
  }),
  labelMachine: defineRoute({
    method: 'GET',
    path: '/api2/label/:token/Machine',
    summary: 'The machine of a QR label, for a signed-in customer user of its company (others 404).',
    access: users(CUSTOMER_TYPES, { permission: 'Module.Jobs' }),
    params: LabelTokenParams,
    response: json(LabelMachine),
  }),
} as const;
