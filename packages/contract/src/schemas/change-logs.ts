import { z } from 'zod';
import { LocalDateTime } from '../http/common.ts';
import { PagedQuery, RecordId } from './fields.ts';

/** One changed field of a logged change. */
export const LoggedChange = z.object({
  Field: z.string(),
  OldValue: z.string().nullable(),
  NewValue: z.string().nullable(),
  /**
   * Ours: the values as a person reads them, in the reader's language, where the stored value is an
   * id (a status, a customer, a contact…): `Planned` for `20`. Absent where the value reads as it is.
   */
  OldText: z.string().nullable().optional(),
  NewText: z.string().nullable().optional(),
});

/** A line of a customer's or machine's change log (Log/CustomerLogs, Log/MachineLogs). */
export const ChangeLogEntry = z.object({
  Id: z.number().int(),
  CustomerId: z.number().int().nullable(),
  MachineId: z.number().int().nullable(),
  /** What changed: Customer, Address, Contact, Machine, or a document of a customer or machine. */
  Entity: z.string(),
  EntityId: z.number().int(),
  /** New, Change, Delete, ChangeOwner. */
  Action: z.string(),
  Description: z.string(),
  Changes: z.array(LoggedChange),
  UserId: z.number().int().nullable(),
  UserName: z.string(),
  Created: LocalDateTime,
});
export type ChangeLogEntry = z.infer<typeof ChangeLogEntry>;

export const ChangeLogQuery = PagedQuery.extend({
  CustomerId: RecordId.optional(),
  MachineId: RecordId.optional(),
});

/** Log/AppointmentLogs: paged like the other logs, narrowed to one job's or one customer's appointments. */
export const AppointmentLogQuery = PagedQuery.extend({
  JobId: RecordId.optional(),
  CustomerId: RecordId.optional(),
});
