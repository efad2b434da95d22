// What the API load calls, found through the API itself as the demo admin, so it runs against any
// server with the demo accounts (the demo company, or a database of a million jobs): the filters'
// ids from the lookups (the ones most listed jobs carry, so a filter finds something), a common word
// of the jobs' names, a deep page from TotalCount, search terms of a listed customer and machine, this
// week's dates, a place for the map, and open jobs with appointments this week to change and move.
import type { Call } from './api-load-measure.ts';
import { urlOf } from './api-load-measure.ts';

/** A job as job/changedetails takes it back: the details as read, with the RowVersion read. */
export interface JobChange {
  Id: number;
  RowVersion: number;
  DisplayName: string;
  JobStatusId: number;
  JobSubStatusId: number | null;
  JobTypeId: number;
  JobPriorityId: number;
  EstimatedTime: number;
  NoInvoice: boolean;
  FirstLineComment: string;
  InvoiceReference: string;
  OrderDepartmentId: number | null;
}

/** An appointment the planner may move: its times and row version as read, and its rows (users). */
export interface Movable {
  id: number;
  startDate: string;
  endDate: string;
  rowVersion: number;
  resourceIds: number[];
}

/** One write connection's own job and appointment, so the connections do not overwrite each other. */
export interface WriteTarget {
  job: JobChange;
  appointment: Movable;
}

export interface Plan {
  token: string;
  reads: (Call & { budgeted: boolean })[];
  /** maps/NearbyJobs, or why it cannot be measured here (the Maps licence is off, no placed job). */
  nearby: Call | { notMeasured: string };
  writes: WriteTarget[];
}

interface JobListItem {
  Id: number;
  DisplayName: string;
  JobStatusId: number;
  JobTypeId: number;
  CustomerName: string;
  Machines: { MachineName: string }[];
}
interface JobRecord extends Omit<JobChange, 'JobPriorityId' | 'EstimatedTime'> {
  JobPriorityId: number | null;
  EstimatedTime: number | null;
  Machines: { Id: number }[];
}
interface SchedulerData {
  events: {
    id: number;
    jobId: number | null;
    jobStatusId: number | null;
    isAbsence: boolean;
    startDate: string;
    endDate: string;
    rowVersion: number;
  }[];
  assignments: { eventId: number; resourceId: number }[];
}

/** Status of a call answered with a refusal, and its text. */
export class Refused extends Error {
  readonly status: number;
  constructor(status: number, text: string) {
    super(text);
    this.status = status;
  }
}

export async function api<T>(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(urlOf(base, path), {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Refused(res.status, `${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Events in a week beyond which its read is measured for reference only (see `reads` below). */
const LARGE_WEEK = 5_000;

/** Monday of this week and the Sunday after it, as YYYY-MM-DD (the planner's week view). */
export function thisWeek(now = new Date()): [string, string] {
  const monday = new Date(
    Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() - ((now.getDay() + 6) % 7)),
  );
  const sunday = new Date(monday.getTime() + 6 * 86_400_000);
  return [monday.toISOString().slice(0, 10), sunday.toISOString().slice(0, 10)];
}

/** The value most of `items` have, among `allowed` when given. */
function mostCommon<T>(items: T[], allowed?: Set<T>): T | undefined {
  const counts = new Map<T, number>();
  for (const x of items) if (!allowed || allowed.has(x)) counts.set(x, (counts.get(x) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** Words of at least `min` letters (names like 'Service of pump 12' give 'service', 'pump'). */
const wordsOf = (text: string, min: number) =>
  text
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((w) => w.length >= min);

/** Jobs the write mix may change: open (below Completed, 50), with a priority and an estimate. */
const changeable = (j: JobRecord): j is JobRecord & JobChange =>
  j.JobStatusId < 50 && j.JobPriorityId !== null && j.EstimatedTime !== null;

const jobChangeOf = (j: JobChange): JobChange => ({
  Id: j.Id,
  RowVersion: j.RowVersion,
  DisplayName: j.DisplayName,
  JobStatusId: j.JobStatusId,
  JobSubStatusId: j.JobSubStatusId,
  JobTypeId: j.JobTypeId,
  JobPriorityId: j.JobPriorityId,
  EstimatedTime: j.EstimatedTime,
  NoInvoice: j.NoInvoice,
  FirstLineComment: j.FirstLineComment,
  InvoiceReference: j.InvoiceReference,
  OrderDepartmentId: j.OrderDepartmentId,
});

/** Up to `max` open jobs with an appointment this week, each with one of its appointments. */
async function writeTargets(base: string, token: string, week: SchedulerData, max: number) {
  const targets: WriteTarget[] = [];
  const seen = new Set<number>();
  for (const e of week.events) {
    if (targets.length >= max) break;
    if (e.isAbsence || e.jobId === null || seen.has(e.jobId) || (e.jobStatusId ?? 99) >= 50) continue;
    seen.add(e.jobId);
    const job = await api<JobRecord>(base, token, 'GET', `job/${e.jobId}`);
    if (!changeable(job)) continue;
    const resourceIds = week.assignments.filter((a) => a.eventId === e.id).map((a) => a.resourceId);
    if (!resourceIds.length) continue;
    targets.push({
      job: jobChangeOf(job),
      appointment: {
        id: e.id,
        startDate: e.startDate,
        endDate: e.endDate,
        rowVersion: e.rowVersion,
        resourceIds,
      },
    });
  }
  return targets;
}

/** The place of the first listed job the map can place, for maps/NearbyJobs's origin. */
async function placeOf(base: string, token: string, jobs: JobListItem[]) {
  for (const j of jobs.slice(0, 20)) {
    const at = await api<{ Location: { Longitude: number; Latitude: number } | null }>(
      base,
      token,
      'GET',
      `maps/JobLocation?jobId=${j.Id}`,
    ).catch(() => null);
    if (at?.Location) return at.Location;
  }
  return null;
}

/** maps/NearbyJobs as the planner's map asks it, or why it cannot be measured on this server. */
async function nearbyCall(
  base: string,
  token: string,
  jobs: JobListItem[],
  statuses: number[],
): Promise<Plan['nearby']> {
  const origin = await placeOf(base, token, jobs);
  if (!origin) return { notMeasured: 'no listed job has a place on the map' };
  const call: Call = {
    name: 'maps/NearbyJobs (50 km, the plannable statuses)',
    method: 'POST',
    path: 'maps/NearbyJobs',
    body: { Origin: origin, Radius: 50_000, JobListFilter: { JobStatusIdList: statuses } },
  };
  try {
    await api(base, token, call.method, call.path, call.body);
    return call;
  } catch (err) {
    // The planner's map calls need the Maps licence: without it the server refuses them.
    if (err instanceof Refused && (err.status === 403 || err.status === 404))
      return { notMeasured: `answered ${err.status} (${err.message.slice(0, 120)})` };
    throw err;
  }
}

export async function discover(base: string, token: string, writers: number): Promise<Plan> {
  const [date1, date2] = thisWeek();
  const statusList = await api<{ Content: { Id: number }[] }>(
    base,
    token,
    'GET',
    'JobStatus/Filtered?Page=1&ItemsPerPage=100',
  );
  const types = await api<{ Id: number }[]>(base, token, 'GET', 'jobtype');
  const departments = await api<{ Content: { Id: number }[] }>(
    base,
    token,
    'GET',
    'Department/Filtered?Page=1&ItemsPerPage=150',
  );
  const first = await api<{ Content: JobListItem[]; TotalCount: number }>(
    base,
    token,
    'POST',
    'JobList/Filtered',
    {
      Page: 1,
      ItemsPerPage: 100,
    },
  );
  const jobs = first.Content;
  const job = jobs[0];
  if (!job) throw new Error('the server lists no job');
  const status = mostCommon(
    jobs.map((j) => j.JobStatusId),
    new Set(statusList.Content.map((s) => s.Id)),
  )!;
  const type = mostCommon(
    jobs.map((j) => j.JobTypeId),
    new Set(types.map((t) => t.Id)),
  )!;
  const records = await Promise.all(
    jobs.slice(0, 10).map((j) => api<JobRecord>(base, token, 'GET', `job/${j.Id}`)),
  );
  const department =
    mostCommon(
      records.flatMap((r) => (r.OrderDepartmentId === null ? [] : [r.OrderDepartmentId])),
      new Set(departments.Content.map((d) => d.Id)),
    ) ?? departments.Content[0]?.Id;
  const word = mostCommon(jobs.flatMap((j) => [...new Set(wordsOf(j.DisplayName, 4))]));
  const customerTerm = jobs.flatMap((j) => wordsOf(j.CustomerName, 3))[0];
  const machineTerm = jobs.flatMap((j) => j.Machines.flatMap((m) => wordsOf(m.MachineName, 3)))[0];
  const machine = records.flatMap((r) => r.Machines)[0]?.Id;
  // The last page of 50 the count reaches (it stops at 10,000): the deepest a user pages to.
  const deepPage = Math.max(1, Math.ceil(first.TotalCount / 50));
  const week = await api<SchedulerData>(
    base,
    token,
    'GET',
    `Scheduler/DateRange/?date1=${date1}&date2=${date2}`,
  );
  const weekBytes = `${(Buffer.byteLength(JSON.stringify(week)) / 1e6).toFixed(1)} MB`;
  const list = (name: string, body: object, budgeted = false) => ({
    name: `JobList/Filtered ${name}`,
    method: 'POST' as const,
    path: 'JobList/Filtered',
    body,
    budgeted,
  });
  const get = (name: string, path: string, budgeted = false) => ({
    name,
    method: 'GET' as const,
    path,
    budgeted,
  });
  const plannable = [10, 20, 30, 40];
  const reads: Plan['reads'] = [
    // The six reads of ENGINEERING.md's read budget, as bench/reads.ts asks them.
    get(`job/{id} (${job.Id})`, `job/${job.Id}`, true),
    list('(50 rows, statuses 10-40)', { Page: 1, ItemsPerPage: 50, JobStatusIdList: plannable }, true),
    get('customer/Filtered (40 rows)', 'customer/Filtered?Page=1&ItemsPerPage=40', true),
    ...(machine ? [get(`machine/{id} (${machine})`, `machine/${machine}`, true)] : []),
    // A week of a large company's planner is megabytes (16,000 events, 5.3 MB at the full size): its
    // rate is bound by the bytes the client takes in, not by the server's work, so there it is
    // measured for reference with its size; the budget's week is the demo company's (bench/reads.ts).
    get(
      `Scheduler/DateRange (${date1} to ${date2}, ${week.events.length.toLocaleString('en')} events, ${weekBytes})`,
      `Scheduler/DateRange/?date1=${date1}&date2=${date2}`,
      week.events.length <= LARGE_WEEK,
    ),
    get('userinfo', 'userinfo', true),
    // The job list as its filters and the planner ask it.
    list(`(50 rows, status ${status})`, { Page: 1, ItemsPerPage: 50, JobStatusIdList: [status] }),
    ...(department === undefined
      ? []
      : [
          list(`(50 rows, department ${department})`, {
            Page: 1,
            ItemsPerPage: 50,
            OrderDepartmentIdList: [department],
          }),
        ]),
    list(`(50 rows, type ${type})`, { Page: 1, ItemsPerPage: 50, JobTypeIdList: [type] }),
    ...(word ? [list(`(50 rows, search '${word}')`, { Page: 1, ItemsPerPage: 50, SearchWord: word })] : []),
    list(`(50 rows, page ${deepPage} of ${first.TotalCount})`, { Page: deepPage, ItemsPerPage: 50 }),
    list("(the planner's 999, status 10)", { Page: 1, ItemsPerPage: 999, JobStatusIdList: [10] }),
    ...(customerTerm
      ? [
          get(
            `customer/search '${customerTerm}' (its default limit, 1000)`,
            `customer/search?searchQuery=${encodeURIComponent(customerTerm)}`,
          ),
        ]
      : []),
    ...(machineTerm
      ? [
          // As the header search asks it: inactive machines too, 15 hits.
          get(
            `machine/search '${machineTerm}' (15, inactive too)`,
            `machine/search?searchQuery=${encodeURIComponent(machineTerm)}&IncludeInactive=true&limit=15`,
          ),
        ]
      : []),
  ];
  return {
    token,
    reads,
    nearby: await nearbyCall(base, token, jobs, plannable),
    writes: await writeTargets(base, token, week, writers),
  };
}
