import { STAFF } from '../domain/user-types.ts';
import { anonymous, binary, defineRoute, json, sp, users } from '../http/route.ts';
import { RecordIdParams } from '../schemas/fields.ts';
import { PDF } from '../schemas/reports.ts';
import {
  OnMyWay,
  StatusLinksRevoked,
  StatusPage,
  StatusTokenParams,
  WayPositionInput,
  WayPositionRecorded,
} from '../schemas/status-links.ts';

/**
 * The customer's status link of a job (issue 32 item 2, decision 072). The link carries a random token
 * and nothing else; its page and the service report after the visit are public. A token of the wrong
 * shape, unknown, revoked or expired all answer the same 404. "On my way" is set by a participant of
 * the appointment (or the office); revoking is the office's.
 */
export const statusLinkRoutes = {
  statusPage: defineRoute({
    method: 'GET',
    path: '/api2/status/:token',
    summary:
      'The public status page of a job’s link: its state, the planned window, the technician’s first name, the arrival estimate while on the way, and whether the service report is ready.',
    access: anonymous,
    params: StatusTokenParams,
    response: json(StatusPage),
  }),
  statusReport: defineRoute({
    method: 'GET',
    path: '/api2/status/:token/ServiceReport',
    summary: 'The service report of a status link’s job as a PDF, once the visit is done (before: 404).',
    access: anonymous,
    params: StatusTokenParams,
    response: binary(PDF),
  }),
  appointmentOnMyWay: defineRoute({
    method: 'POST',
    path: sp('Appointment/:id/OnMyWay'),
    summary:
      'The technician sets out to a job’s appointment: the job’s contact gets the on-my-way message with the status link (technicians and subcontractors their own appointments, the office any).',
    access: users(STAFF, { permission: 'Appointment.Edit' }),
    params: RecordIdParams,
    response: json(OnMyWay),
  }),
  appointmentPosition: defineRoute({
    method: 'POST',
    path: sp('Appointment/:id/Position'),
    summary:
      'The technician’s phone sends where it is while On my way to the appointment (at most every 30 s): only a participant, only while on the way; kept for that appointment alone until arrival, and the customer’s page shows only the arrival estimate driven from it.',
    access: users(STAFF, { permission: 'Appointment.Edit' }),
    params: RecordIdParams,
    body: WayPositionInput,
    response: json(WayPositionRecorded),
  }),
  jobStatusLinkRevoke: defineRoute({
    method: 'DELETE',
    path: sp('Job/:id/StatusLink'),
    summary:
      'Revoke the customer’s status links of a job: they answer 404 at once; the next message makes a new link.',
    access: users([1], { permission: 'Job.Edit' }),
    params: RecordIdParams,
    response: json(StatusLinksRevoked),
  }),
} as const;
