import {
  ageOf,
  isOrderIdWellFormed,
  type JobListItem,
  type JobListMachine,
  type JobPriority,
  type JobStatus,
  type JobSubStatus,
  type JobType,
  type Language,
  localName,
} from '@fieldport/contract';
import type { jobPriorities, jobStatuses, jobSubStatuses, jobTypes } from '../../db/schema/index.ts';
import type { JobListRow, MachineLineRow } from './job-list.repository.ts';

export const presentMachineLine = (m: MachineLineRow): JobListMachine => ({
  Id: m.id,
  MachineId: m.machine_id,
  MachineName: m.machine_name,
  CustomerComment: m.customer_comment,
  InvoiceComment: m.invoice_comment,
});

/** The lookup tables a list item takes its names from, by id. */
export interface Lookups {
  statuses: Map<number, typeof jobStatuses.$inferSelect>;
  subStatuses: Map<number, typeof jobSubStatuses.$inferSelect>;
  types: Map<number, typeof jobTypes.$inferSelect>;
  priorities: Map<number, typeof jobPriorities.$inferSelect>;
}

/** Whether the lookups name everything these rows refer to. */
export const lookupsCover = (l: Lookups, rows: JobListRow[]) =>
  rows.every(
    (r) =>
      l.statuses.has(r.job_status_id) &&
      l.types.has(r.job_type_id) &&
      (r.job_sub_status_id === null || l.subStatuses.has(r.job_sub_status_id)) &&
      (r.job_priority_id === null || l.priorities.has(r.job_priority_id)),
  );

/** A job list item; its names from the lookups in the caller's language, its age from the clock. */
export function presentJobListItem(
  r: JobListRow,
  lookups: Lookups,
  machines: JobListMachine[],
  now: Date,
  lang: Language,
): JobListItem {
  const created = r.created_at instanceof Date ? r.created_at : new Date(r.created_at);
  const { daysAgo, hoursAgo } = ageOf(created, now);
  const status = lookups.statuses.get(r.job_status_id);
  const priority = r.job_priority_id === null ? undefined : lookups.priorities.get(r.job_priority_id);
  const subStatus = r.job_sub_status_id === null ? undefined : lookups.subStatuses.get(r.job_sub_status_id);
  const type = lookups.types.get(r.job_type_id);
  return {
    Id: r.id,
    DisplayName: r.display_name,
    JobStatusId: r.job_status_id,
    StatusName: status ? localName(status, lang) : '',
    StatusColor: status?.color ?? '',
    StatusIcon: status?.icon ?? '',
    JobSubStatusId: r.job_sub_status_id,
    SubStatusName: subStatus ? localName(subStatus, lang) : null,
    JobTypeId: r.job_type_id,
    JobTypeName: type ? localName(type, lang) : '',
    JobPriorityId: r.job_priority_id,
    PriorityName: priority ? localName(priority, lang) : null,
    DueAfterHours: priority?.dueAfterHours ?? null,
    CreatedDate: r.created_local,
    daysAgo,
    hoursAgo,
    FirstLineComment: r.first_line_comment,
    OrderId: r.order_id,
    OrderIdMalformed: !isOrderIdWellFormed({ ParentId: null, JobTypeId: r.job_type_id, OrderId: r.order_id }),
    CustomerId: r.customer_id,
    CustomerName: r.customer_name ?? '',
    DeliveryAddress:
      r.address_id !== null
        ? { Street: r.street ?? '', Zip: r.zip ?? '', City: r.city ?? '', Country: r.country ?? '' }
        : null,
    Machines: machines,
    Appointments: r.appointments.map((a) => ({
      Id: a.id,
      Subject: a.subject,
      StartTime: a.start_time,
      EndTime: a.end_time,
      Type: a.type,
      IsAbsence: a.is_absence,
      Participants: a.participants.map((p) => ({ Id: p.id, Name: p.name })),
    })),
  };
}

export const presentStatus = (s: typeof jobStatuses.$inferSelect, lang: Language): JobStatus => ({
  Id: s.id,
  Name: localName(s, lang),
  Names: s.names,
  Color: s.color,
  Icon: s.icon,
  SortOrder: s.sortOrder,
  RowVersion: s.rowVersion,
});

export const presentSubStatus = (s: typeof jobSubStatuses.$inferSelect, lang: Language): JobSubStatus => ({
  Id: s.id,
  ParentId: s.jobStatusId,
  Name: localName(s, lang),
  Names: s.names,
  SetsOnMyWay: s.setsOnMyWay,
  RowVersion: s.rowVersion,
});

export const presentType = (t: typeof jobTypes.$inferSelect, lang: Language): JobType => ({
  Id: t.id,
  Name: localName(t, lang),
  RowVersion: t.rowVersion,
  Names: t.names,
  Skills: t.skills,
});

export const presentPriority = (p: typeof jobPriorities.$inferSelect, lang: Language): JobPriority => ({
  Id: p.id,
  Name: localName(p, lang),
  DueAfterHours: p.dueAfterHours,
  RowVersion: p.rowVersion,
  Names: p.names,
});
