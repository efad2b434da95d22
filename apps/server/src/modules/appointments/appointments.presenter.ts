import {
  type Appointment,
  type AppointmentJob,
  type Language,
  localName,
  type SchedulerData,
  type SchedulerEvent,
} from '@fieldport/contract';
import type { AppointmentRow, JobSummaryRow } from './appointments.repository.ts';

/** Stored wall-clock text 'YYYY-MM-DD HH:mm:ss' as the API writes it: 'YYYY-MM-DDTHH:mm:ss'. */
export const wire = (v: string) => v.replace(' ', 'T').slice(0, 19);

/** A job summary with its status and type named in the caller's language (decision 034). */
export const inLanguage = (j: JobSummaryRow, lang: Language): JobSummaryRow => ({
  ...j,
  statusName: j.statusName === null ? null : localName({ name: j.statusName, names: j.statusNames }, lang),
  typeName: j.typeName === null ? null : localName({ name: j.typeName, names: j.typeNames }, lang),
});

const addressOf = (j: JobSummaryRow) =>
  [j.street, [j.zip, j.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

export const presentAppointmentJob = (j: JobSummaryRow): AppointmentJob => ({
  Id: j.id,
  DisplayName: j.displayName,
  OrderId: j.orderId,
  JobStatusId: j.statusId,
  StatusName: j.statusName ?? '',
  StatusColor: j.statusColor ?? '',
  JobTypeId: j.typeId,
  JobTypeName: j.typeName ?? '',
  CustomerId: j.customerId,
  CustomerName: j.customerName ?? '',
  Address: addressOf(j),
  EstimatedTime: j.estimatedTime === null ? null : Number(j.estimatedTime),
});

export function presentAppointment(
  a: AppointmentRow,
  people: { id: number; name: string }[],
  job: JobSummaryRow | undefined | null,
  withJob: boolean,
): Appointment {
  return {
    Id: a.id,
    Subject: a.subject,
    AppointmentDate: a.startTime.slice(0, 10),
    StartTime: wire(a.startTime),
    EndTime: wire(a.endTime),
    JobId: a.jobId,
    Type: a.type,
    IsAbsence: a.isAbsence,
    Participants: people.map((p) => ({ Id: p.id, Name: p.name })),
    RowVersion: a.rowVersion,
    ...(withJob ? { Job: job ? presentAppointmentJob(job) : null } : {}),
    ...(a.onMyWayAt ? { OnMyWay: true as const } : {}),
  };
}

export const presentEvent = (a: AppointmentRow, job: JobSummaryRow | undefined): SchedulerEvent => ({
  id: a.id,
  name: a.subject || job?.displayName || '',
  jobId: a.jobId,
  jobTypeId: job?.typeId ?? null,
  jobTypeName: job?.typeName ?? null,
  jobStatusId: job?.statusId ?? null,
  jobStatusName: job?.statusName ?? null,
  address: job ? addressOf(job) : null,
  appointmentType: a.type,
  isAbsence: a.isAbsence,
  startDate: wire(a.startTime),
  endDate: wire(a.endTime),
  rowVersion: a.rowVersion,
  jobPriorityId: job?.priorityId ?? null,
});

/** Events and their assignments, each participant a row of the scheduler. */
export function presentSchedulerData(
  rows: AppointmentRow[],
  people: { appointmentId: number; id: number }[],
  jobsById: Map<number, JobSummaryRow>,
): SchedulerData {
  return {
    events: rows.map((a) => presentEvent(a, a.jobId === null ? undefined : jobsById.get(a.jobId))),
    assignments: people.map((p) => ({ eventId: p.appointmentId, resourceId: p.id })),
  };
}
