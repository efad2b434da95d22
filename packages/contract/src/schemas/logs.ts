import { z } from 'zod';
import { LocalDate, LocalDateTime } from '../http/common.ts';
import { PagedQuery, RecordId } from './fields.ts';

/**
 * The Admin's logs (002 §7.12, 001 §2.4 logs): a day range on the company's clock (DateFrom and DateTo,
 * both days included; the date presets of 001 §9 fill them), paged on the server, newest first.
 */
const LogRange = PagedQuery.extend({
  DateFrom: LocalDate.optional(),
  DateTo: LocalDate.optional(),
});

/** Log/EventLogs/Filtered: who changed what and when, from the change events (the outbox). */
export const EventLogQuery = LogRange.extend({
  UserId: RecordId.optional(),
  /** The changed entity: job, customer, appointment, settings … */
  Type: z.string().trim().min(1).max(40).optional(),
});
export const EventLogEntry = z.object({
  Id: z.number().int(),
  Type: z.string(),
  EntityId: z.string(),
  /** New, Change, Delete. */
  ChangeType: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string(),
  Created: LocalDateTime,
});
export type EventLogEntry = z.infer<typeof EventLogEntry>;

/** Log/SMSLogs/Filtered: every text message, sent, failed or only recorded (no provider configured). */
export const SmsLogQuery = LogRange;
export const SmsLogEntry = z.object({
  Id: z.number().int(),
  To: z.string(),
  Text: z.string(),
  Status: z.enum(['Recorded', 'Sent', 'Failed']),
  Error: z.string().nullable(),
  Created: LocalDateTime,
});
export type SmsLogEntry = z.infer<typeof SmsLogEntry>;

/** Log/TaskLogs: the background tasks, every user's, with their outcome. */
export const TaskLogQuery = LogRange.extend({
  UserId: RecordId.optional(),
  /** The task's kind (its name, e.g. ExportMachines, JobMessage). */
  Type: z.string().trim().min(1).max(60).optional(),
});
export const TaskLogEntry = z.object({
  Id: z.number().int(),
  Type: z.string(),
  DisplayText: z.string(),
  /** created (waiting), update (running), completed, failed, cancelled. */
  Status: z.string(),
  Attempts: z.number().int(),
  Error: z.string().nullable(),
  PlanName: z.string().nullable(),
  UserId: z.number().int().nullable(),
  UserName: z.string(),
  Created: LocalDateTime,
  Finished: LocalDateTime.nullable(),
});
export type TaskLogEntry = z.infer<typeof TaskLogEntry>;

/** POST settings/TestEmail: a template's subject and body sent at once, with example values, to one address. */
export const TestEmailInput = z.object({
  Key: z.enum(['newjob', 'confirmed-customer-support', 'confirmed-email', 'completedJob', 'onmyway']),
  To: z.email('Must be an e-mail address.').max(200),
  Subject: z.string().max(200),
  Body: z.string().max(20_000),
});
