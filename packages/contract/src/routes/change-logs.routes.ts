import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import { AppointmentLogQuery, ChangeLogEntry, ChangeLogQuery } from '../schemas/change-logs.ts';

/**
 * Change logs of customers, machines and appointments (002 §7.12), newest first; written by every change in its
 * transaction. Partners see the logs of their own customers and machines only.
 */
export const changeLogRoutes = {
  customerLogs: defineRoute({
    method: 'GET',
    path: sp('Log/CustomerLogs/Filtered'),
    summary: 'Changes of customers, their addresses and contacts (by CustomerId).',
    access: users([1, 2, 3, 5]),
    query: ChangeLogQuery,
    response: json(listOf(ChangeLogEntry)),
  }),
  machineLogs: defineRoute({
    method: 'GET',
    path: sp('Log/MachineLogs/Filtered'),
    summary: 'Changes of machines (by MachineId or CustomerId).',
    access: users([1, 2, 3, 5]),
    query: ChangeLogQuery,
    response: json(listOf(ChangeLogEntry)),
  }),
  appointmentLogs: defineRoute({
    method: 'GET',
    path: sp('Log/AppointmentLogs'),
    summary:
      'Changes of appointments (new, moved, changed, removed), by JobId or CustomerId; absences are shown to staff only.',
    access: users([1, 2, 3, 5]),
    query: AppointmentLogQuery,
    response: json(listOf(ChangeLogEntry)),
  }),
} as const;
