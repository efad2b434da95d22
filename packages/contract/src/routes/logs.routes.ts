import { listOf, SuccessMessage } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  EventLogEntry,
  EventLogQuery,
  SmsLogEntry,
  SmsLogQuery,
  TaskLogEntry,
  TaskLogQuery,
  TestEmailInput,
} from '../schemas/logs.ts';

/**
 * The Admin's logs (002 §7.12: event, SMS and task logs; the mail log is declared with the session's)
 * and the e-mail templates' test send (001 §2.4). Admins only: the logs name every user and recipient.
 */
const admin = users([1], { permission: 'Module.Admin' });

export const logRoutes = {
  eventLogs: defineRoute({
    method: 'GET',
    path: sp('Log/EventLogs/Filtered'),
    summary: 'Who changed what and when (the change events), newest first; by day range, user and type.',
    access: admin,
    query: EventLogQuery,
    response: json(listOf(EventLogEntry)),
  }),
  smsLogs: defineRoute({
    method: 'GET',
    path: sp('Log/SMSLogs/Filtered'),
    summary: 'The text messages, newest first; by day range and search word.',
    access: admin,
    query: SmsLogQuery,
    response: json(listOf(SmsLogEntry)),
  }),
  taskLogs: defineRoute({
    method: 'GET',
    path: sp('Log/TaskLogs'),
    summary: 'Every user’s background tasks with their outcome, newest first; by day range, user and type.',
    access: admin,
    query: TaskLogQuery,
    response: json(listOf(TaskLogEntry)),
  }),
  settingsTestEmail: defineRoute({
    method: 'POST',
    path: sp('settings/TestEmail'),
    summary:
      'Send a template’s subject and body, with example values, to one address now (written in the mail log).',
    access: admin,
    body: TestEmailInput,
    response: json(SuccessMessage),
  }),
} as const;
