import type { LiveChangeEvent } from '@fieldport/contract';

type Key = readonly unknown[];

/** A query-key prefix to mark stale, now or after a quiet spell (several events, one refetch). */
export interface Refresh {
  key: Key;
  debounceMs?: number;
}

/** 000 §4: a job change refreshes the job list debounced by 700 ms. */
export const JOB_LIST_DEBOUNCE_MS = 700;

const now = (...keys: Key[]): Refresh[] => keys.map((key) => ({ key }));

/**
 * Which cached answers each change event makes stale: the one table of it. Keys are the features'
 * query-key prefixes (checked against them by invalidation.test.ts); a prefix covers every list,
 * view and tab below it. The screens on show refetch at once, the others when next opened.
 */
const TABLE: Record<string, (e: LiveChangeEvent) => Refresh[]> = {
  // A customer's name shows in its lists, views, the search dropdowns and its machines' rows.
  customer: () => now(['customers'], ['search-dropdown'], ['machines', 'list']),
  customerGroup: () => now(['customer-groups'], ['customers', 'by-group']),
  machine: () => now(['machines'], ['customers', 'machines']),
  machineModel: () => now(['pim', 'models'], ['machines']),
  machineType: () => now(['pim', 'types'], ['machines']),
  supplier: () => now(['pim', 'suppliers']),
  job: (e) => [
    ...now(
      ['jobs', 'job', Number(e.JobId ?? e.EntityId)],
      ['jobs', 'history', Number(e.JobId ?? e.EntityId)],
    ),
    { key: ['jobs', 'list'], debounceMs: JOB_LIST_DEBOUNCE_MS },
  ],
  appointment: (e) => (e.JobId ? now(['jobs', 'job', Number(e.JobId)]) : []),
  user: () => now(['users']),
  document: () => now(['documents']),
  task: () => now(['tasks'], ['admin', 'tasks']),
  settings: () => now(['admin', 'settings'], ['admin', 'job-statuses']),
  jobCategory: () => now(['admin', 'lookups', 'jobCategory']),
  warrantyType: () => now(['admin', 'lookups', 'warrantyType']),
  repairPlace: () => now(['admin', 'lookups', 'repairPlace']),
};

/** What to refresh for one change event; nothing for an entity no screen of ours shows. */
export function refreshesFor(e: LiveChangeEvent): Refresh[] {
  return TABLE[e.Entity]?.(e) ?? [];
}
