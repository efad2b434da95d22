import {
  ageOf,
  isOrderIdWellFormed,
  type JobListItem,
  type JobListMachine,
  type JobPriority,
  type JobStatus,
  type JobSubStatus,
  type JobType,
} from '@fieldport/contract';
import type { jobPriorities, jobStatuses, jobSubStatuses, jobTypes } from '../../db/schema/index.ts';
import type { JobListRow, MachineLineRow } from './jobs.repository.ts';

export const presentMachineLine = (m: MachineLineRow): JobListMachine => ({
  Id: m.id,
  MachineId: m.machine_id,
  MachineName: m.machine_name,
  CustomerComment: m.customer_comment,
  InvoiceComment: m.invoice_comment,
});

/** A job list item; its age from the clock. */
export function presentJobListItem(r: JobListRow, machines: JobListMachine[], now: Date): JobListItem {
  const created = r.created_at instanceof Date ? r.created_at : new Date(r.created_at);
  const { daysAgo, hoursAgo } = ageOf(created, now);
  return {
    Id: r.id,
    DisplayName: r.display_name,
    JobStatusId: r.job_status_id,
    StatusName: r.status_name,
    StatusColor: r.status_color,
    StatusIcon: r.status_icon,
    JobSubStatusId: r.job_sub_status_id,
    SubStatusName: r.sub_status_name,
    JobTypeId: r.job_type_id,
    JobTypeName: r.job_type_name,
    JobPriorityId: r.job_priority_id,
    PriorityName: r.priority_name,
    DueAfterHours: r.due_after_hours,
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
  };
}

export const presentStatus = (s: typeof jobStatuses.$inferSelect): JobStatus => ({
  Id: s.id,
  Name: s.name,
  Color: s.color,
  Icon: s.icon,
  SortOrder: s.sortOrder,
});

export const presentSubStatus = (s: typeof jobSubStatuses.$inferSelect): JobSubStatus => ({
  Id: s.id,
  ParentId: s.jobStatusId,
  Name: s.name,
});

export const presentType = (t: typeof jobTypes.$inferSelect): JobType => ({ Id: t.id, Name: t.name });

export const presentPriority = (p: typeof jobPriorities.$inferSelect): JobPriority => ({
  Id: p.id,
  Name: p.name,
  DueAfterHours: p.dueAfterHours,
});
