/**
 * Presence (002 §7.22 sharedroute): which record a page shows, from the path and query a client
 * sends as `Route`. Two clients with the same key are on the same record: the same job (its view, or
 * its preview beside a list), customer, machine, or the same planner day. Null: no record.
 */
export type PresenceKey = `${'job' | 'customer' | 'machine' | 'planner'}:${string}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const idKey = (kind: 'job' | 'customer' | 'machine', raw: string | null | undefined): PresenceKey | null => {
  const n = Number(raw);
  return raw && Number.isSafeInteger(n) && n > 0 ? `${kind}:${n}` : null;
};

/**
 * The record of a route. `path` may carry the web app's base path (`/portal/job/view/12`) or not;
 * `today` (YYYY-MM-DD, the company's day) names the planner's day when the query gives none.
 */
export function presenceKeyOf(path: string, query: string, today: string): PresenceKey | null {
  const p = `/${path.split(/[?#]/)[0] ?? ''}`.replace(/\/{2,}/g, '/').toLowerCase();
  const q = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const m = (re: RegExp) => re.exec(p)?.[1];
  const job =
    // The job view: /job/list/<filter>/view/<id>/<tab> (and the older /job/view/<id>).
    idKey('job', m(/\/job\/(?:[^/]+\/)*view\/(\d+)(?:\/|$)/)) ??
    idKey('job', q.get('jobId') ?? q.get('jobid')) ??
    idKey('job', m(/\/(?:jobs|search-results)\/(\d+)(?:\/|$)/));
  if (job) return job;
  const machine = idKey('machine', m(/\/(?:machine-list|machines)\/(\d+)(?:\/|$)/));
  if (machine) return machine;
  const customer = idKey('customer', m(/\/customer\/(\d+)(?:\/|$)/));
  if (customer) return customer;
  if (/\/planner(?:\/|$)/.test(p)) {
    const date = q.get('date');
    return `planner:${date && DAY.test(date) ? date : today}`;
  }
  return null;
}
