/**
 * The job list filter of route JobList (001 §2.8): 'my', 'parts' or 'status-{statusId}-{subStatusId}'
 * where subStatusId 0 means all sub-statuses; and the dashboard's open jobs by priority deadline
 * (000 §9): 'overdue' past it, 'due' within 24 hours; and 'week-{statusId}', the jobs set to a status
 * this week (the dashboard's completed and approved this week).
 */
export type JobFilter =
  | { kind: 'my' }
  | { kind: 'parts' }
  | { kind: 'status'; statusId: number; subStatusId: number }
  | { kind: 'overdue' }
  | { kind: 'due' }
  | { kind: 'week'; statusId: number };

const STRICT = /^status-(\d+)-(\d+)$/;
const WEEK = /^week-(\d+)$/;

export function parseJobFilter(value: string | undefined | null): JobFilter | null {
  if (value === 'my') return { kind: 'my' };
  if (value === 'parts') return { kind: 'parts' };
  if (value === 'overdue') return { kind: 'overdue' };
  if (value === 'due') return { kind: 'due' };
  const week = WEEK.exec(value ?? '');
  if (week) return { kind: 'week', statusId: Number(week[1]) };
  const match = STRICT.exec(value ?? '');
  if (!match) return null;
  return { kind: 'status', statusId: Number(match[1]), subStatusId: Number(match[2]) };
}

function formatJobFilter(filter: JobFilter): string {
  if (filter.kind === 'status') return `status-${filter.statusId}-${filter.subStatusId}`;
  return filter.kind === 'week' ? `week-${filter.statusId}` : filter.kind;
}

/** The jobs set to a status since Monday (the dashboard's 'completed this week', 'approved this week'). */
export const setThisWeekFilter = (statusId: number) => formatJobFilter({ kind: 'week', statusId });

export const statusFilter = (
  statusId: number | string,
  subStatusId: number | string | null | undefined = 0,
) => formatJobFilter({ kind: 'status', statusId: Number(statusId), subStatusId: Number(subStatusId || 0) });

const digits = (v: string | null | undefined) => (v && /^\d+$/.test(v) ? v : null);

/**
 * A filter in an older spelling ('status-10', 'Status_10_2', 'mine', '10-2', '10') in its current form,
 * or null when it cannot be read.
 */
export function normaliseJobFilter(value: string | undefined | null): string | null {
  if (!value) return null;
  const v = value.trim().toLowerCase();
  if (parseJobFilter(v)) return v;
  if (v === 'mine' || v === 'myjobs' || v === 'my-jobs') return 'my';
  if (v === 'part' || v === 'parts-jobs') return 'parts';
  const match = /^(?:status)?[-_]?(\d+)(?:[-_](\d+))?$/.exec(v);
  if (match) return statusFilter(match[1] as string, match[2]);
  return null;
}

/**
 * Older job list addresses under /job (001 §2.8) → the current filter. `rest` is the path after /job/.
 * Examples: '' or 'list' → my; 'my', 'parts'; 'status/10', 'list/status/10/2', 'list/10/2',
 * 'status-10-2'; query statusId/status/leftmenuid with subStatusId/substatus/jobsubstatusid.
 * Returns null for addresses that are not job list addresses.
 */
export function legacyJobListFilter(
  rest: string,
  search: URLSearchParams = new URLSearchParams(),
): string | null {
  const segments = rest
    .split('/')
    .map((s) => s.trim())
    .filter(Boolean);
  if (segments[0]?.toLowerCase() === 'list' || segments[0]?.toLowerCase() === 'joblist') segments.shift();
  const query = lowerKeys(search);
  const queryStatus = digits(query.get('statusid') ?? query.get('status') ?? query.get('leftmenuid'));
  const querySub = digits(query.get('substatusid') ?? query.get('substatus') ?? query.get('jobsubstatusid'));
  if (segments.length === 0) return queryStatus ? statusFilter(queryStatus, querySub) : 'my';
  const [first, second, third] = segments.map((s) => s.toLowerCase());
  if (segments.length === 1) return normaliseJobFilter(first);
  if (
    first === 'status' &&
    digits(second) &&
    (segments.length === 2 || (segments.length === 3 && digits(third)))
  ) {
    return statusFilter(second as string, third);
  }
  if (segments.length === 2 && digits(first) && digits(second)) return statusFilter(first as string, second);
  return null;
}

export function lowerKeys(search: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of search) out.append(key.toLowerCase(), value);
  return out;
}
