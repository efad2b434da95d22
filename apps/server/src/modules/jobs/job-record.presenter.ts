import {
  ageOf,
  type ChangeLogEntry,
  isOrderIdWellFormed,
  type Job,
  type JobAppointment,
  type Language,
  type LocalNames,
  localName,
  type SubJob,
  toLocalDateTime,
} from '@fieldport/contract';
import { presentAddress, presentContact } from '../customers/customers.presenter.ts';
import { jobPolicy } from './job-record.policy.ts';
import {
  type AppointmentWithPeople,
  type JobContext,
  type JobRow,
  LOGGED_ID_FIELDS,
  type LoggedIdKind,
  type loggedIdRows,
  type SubJobRow,
} from './job-record.repository.ts';

/** Appointment times are stored as wall-clock text with a space or a T; the API writes the T. */
const wallClock = (v: string) => v.replace(' ', 'T').slice(0, 19);

export const presentSubJob = (r: SubJobRow, lang: Language): SubJob => ({
  Id: r.job.id,
  ParentId: r.job.parentId!,
  OrderId: r.job.orderId,
  OrderIdMalformed: !isOrderIdWellFormed({
    ParentId: r.job.parentId,
    JobTypeId: r.job.jobTypeId,
    OrderId: r.job.orderId,
  }),
  MachineId: r.job.machineId,
  Machine: r.machine
    ? {
        Id: r.machine.id,
        Name: r.machine.name,
        SerialNumber: r.machine.serialNumber,
        Qrcode: r.machine.qrcode,
        ModelName: r.modelName,
        TypeName: r.typeName === null ? null : localName({ name: r.typeName, names: r.typeNames }, lang),
        AssetTypeName: r.assetTypeName,
      }
    : null,
  MachineName: r.machine?.name ?? r.job.displayName,
  CustomerComment: r.job.customerComment,
  TechnicianComment: r.job.technicianComment,
  InvoiceComment: r.job.invoiceComment,
  SupplierFailureCodeId: r.job.supplierFailureCodeId,
  WarrentyTypeId: r.job.warrantyTypeId,
  RepairPlaceId: r.job.repairPlaceId,
  JobCategoryId: r.job.jobCategoryId,
  JobStatusId: r.job.jobStatusId,
  JobTypeId: r.job.jobTypeId,
  NoInvoice: r.job.noInvoice,
  Flag: r.job.flag,
  New: false,
  RowVersion: r.job.rowVersion,
});

export const presentAppointment = (a: AppointmentWithPeople): JobAppointment => ({
  Id: a.id,
  Subject: a.subject,
  StartTime: wallClock(a.startTime),
  EndTime: wallClock(a.endTime),
  Type: a.type,
  IsAbsence: a.isAbsence,
  Participants: a.participants.map((p) => ({ Id: p.id, Name: p.name })),
});

/** The machines of a job's sub-jobs, each once, in the sub-jobs' order. */
function machinesOf(subJobs: SubJob[]): NonNullable<SubJob['Machine']>[] {
  const seen = new Map<number, NonNullable<SubJob['Machine']>>();
  for (const s of subJobs) if (s.Machine && !seen.has(s.Machine.Id)) seen.set(s.Machine.Id, s.Machine);
  return [...seen.values()];
}

/** The whole job as GET job/{id} answers it; times on the company's wall clock, age from `now`. */
export function presentJob(
  job: JobRow,
  ctx: JobContext,
  subJobs: SubJobRow[],
  appointments: AppointmentWithPeople[],
  opts: { now: Date; timeZone: string; lang: Language },
): Job {
  const { daysAgo, hoursAgo } = ageOf(job.createdAt, opts.now);
  const customer = ctx.customer;
  const inverseParent = subJobs.map((s) => presentSubJob(s, opts.lang));
  return {
    Id: job.id,
    ParentId: job.parentId,
    DisplayName: job.displayName,
    OrderId: job.orderId,
    OrderIdMalformed: !isOrderIdWellFormed({
      ParentId: job.parentId,
      JobTypeId: job.jobTypeId,
      OrderId: job.orderId,
    }),
    JobStatusId: job.jobStatusId,
    StatusName: ctx.status ? localName(ctx.status, opts.lang) : '',
    StatusColor: ctx.status?.color ?? '',
    StatusIcon: ctx.status?.icon ?? '',
    JobSubStatusId: job.jobSubStatusId,
    SubStatusName: ctx.subStatus ? localName(ctx.subStatus, opts.lang) : null,
    JobTypeId: job.jobTypeId,
    JobTypeName: ctx.type ? localName(ctx.type, opts.lang) : '',
    JobPriorityId: job.jobPriorityId,
    PriorityName: ctx.priority ? localName(ctx.priority, opts.lang) : null,
    DueAfterHours: ctx.priority?.dueAfterHours ?? null,
    EstimatedTime: job.estimatedTime === null ? null : Number(job.estimatedTime),
    NoInvoice: job.noInvoice,
    CreatedDate: toLocalDateTime(job.createdAt, opts.timeZone),
    CreatedBy: ctx.createdBy,
    daysAgo,
    hoursAgo,
    CustomerId: job.customerId,
    CustomerName: customer?.name ?? '',
    ContactPersonId: job.contactPersonId,
    CustomerPersonId: job.contactPersonId,
    ContactPerson: ctx.contact
      ? presentContact(ctx.contact, customer?.defaultCustomerPersonId ?? null)
      : null,
    CustomerDeliveryAddress: job.deliveryAddressId,
    DeliveryAddress: ctx.address
      ? presentAddress(ctx.address, customer?.defaultDeliveryAddressId ?? null)
      : null,
    OrderDepartmentId: job.orderDepartmentId,
    FirstLineComment: job.firstLineComment,
    InvoiceReference: job.invoiceReference,
    InvoiceCustomerId: job.invoiceCustomerId,
    InvoiceContactId: job.invoiceContactId,
    Flag: Math.max(job.flag, ...subJobs.map((s) => s.job.flag)),
    InverseParent: inverseParent,
    Machines: machinesOf(inverseParent),
    Appointments: appointments.map(presentAppointment),
    IsCompleteable: jobPolicy.mayComplete(job),
    IsApproveable: jobPolicy.mayApprove(job),
    IsDeletable: jobPolicy.mayDelete(job),
    RowVersion: job.rowVersion,
  };
}

/** The fields a job's change log compares. */
export const loggedJobFields = (j: JobRow) => ({
  DisplayName: j.displayName,
  JobStatusId: j.jobStatusId,
  JobSubStatusId: j.jobSubStatusId,
  JobTypeId: j.jobTypeId,
  JobPriorityId: j.jobPriorityId,
  EstimatedTime: j.estimatedTime === null ? null : Number(j.estimatedTime),
  NoInvoice: j.noInvoice,
  FirstLineComment: j.firstLineComment,
  InvoiceReference: j.invoiceReference,
  OrderDepartmentId: j.orderDepartmentId,
  CustomerId: j.customerId,
  ContactPersonId: j.contactPersonId,
  DeliveryAddressId: j.deliveryAddressId,
  InvoiceCustomerId: j.invoiceCustomerId,
  InvoiceContactId: j.invoiceContactId,
});

/** The fields a sub-job's change log compares. */
export const loggedSubJobFields = (j: JobRow) => ({
  MachineId: j.machineId,
  CustomerComment: j.customerComment,
  TechnicianComment: j.technicianComment,
  InvoiceComment: j.invoiceComment,
  WarrentyTypeId: j.warrantyTypeId,
  RepairPlaceId: j.repairPlaceId,
  JobCategoryId: j.jobCategoryId,
  SupplierFailureCodeId: j.supplierFailureCodeId,
  NoInvoice: j.noInvoice,
  Flag: j.flag,
  JobStatusId: j.jobStatusId,
});

type LoggedChange = ChangeLogEntry['Changes'][number];

/**
 * A job's change log as a person reads it (issue 35.3): the ids of its changes named, in the reader's
 * language for reference rows. An id whose row is gone or not the reader's to see keeps no text.
 */
export function namedChanges(
  changes: LoggedChange[],
  rows: Awaited<ReturnType<typeof loggedIdRows>>,
  lang: Language,
): LoggedChange[] {
  const names = Object.fromEntries(
    Object.entries(rows).map(([kind, list]) => [
      kind,
      new Map(
        (list as { id: number; name: string; names?: LocalNames | null; street?: string }[]).map((r) => [
          String(r.id),
          'street' in r ? r.name || r.street || '' : localName(r, lang),
        ]),
      ),
    ]),
  ) as Record<LoggedIdKind, Map<string, string>>;
  return changes.map((c) => {
    const kind = LOGGED_ID_FIELDS[c.Field as keyof typeof LOGGED_ID_FIELDS];
    if (!kind) return c;
    const text = (v: string | null) => (v === null ? null : (names[kind].get(v) ?? null));
    return { ...c, OldText: text(c.OldValue), NewText: text(c.NewValue) };
  });
}

/** The ids a job's change log names, by kind. */
export function loggedIds(changes: LoggedChange[]): Record<LoggedIdKind, number[]> {
  const ids = Object.fromEntries(
    Object.values(LOGGED_ID_FIELDS).map((k) => [k, new Set<number>()]),
  ) as Record<LoggedIdKind, Set<number>>;
  for (const c of changes) {
    const kind = LOGGED_ID_FIELDS[c.Field as keyof typeof LOGGED_ID_FIELDS];
    if (!kind) continue;
    for (const v of [c.OldValue, c.NewValue]) if (v !== null && /^\d+$/.test(v)) ids[kind].add(Number(v));
  }
  return Object.fromEntries(Object.entries(ids).map(([k, s]) => [k, [...s]])) as Record<
    LoggedIdKind,
    number[]
  >;
}
