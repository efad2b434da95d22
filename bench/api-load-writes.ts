// The write mix of the API load: each connection changes its own open job (PATCH job/changedetails
// with the RowVersion of its last answer, the estimate half an hour up and back) and moves that
// connection's own appointment 15 minutes later and back (PATCH Scheduler/Events/ChangeTimes with the
// row version, onto the same users' rows, as a planner's drag along its row sends it).
//
// autocannon expresses the chain (its `requests` with setupRequest/onResponse), but one instance with
// several connections shares the request objects and builds the first request of every connection
// before any is sent, so every connection would send the last one's body first. So each connection is
// an autocannon instance of its own (connections: 1), all running at once, each with its own target.
// A 409 (someone saved in between, here only a row version this run has not seen yet) is counted
// apart, not as an error, and the row version is read again. Afterwards every job and appointment is
// put back as it was read.
import type autocannon from 'autocannon';
import { api, type JobChange, Refused, type WriteTarget } from './api-load-discover.ts';
import { cannon, percentiles } from './api-load-measure.ts';

export type WriteKind = 'job change' | 'appointment move';

export interface WriteMeasured {
  kind: WriteKind;
  call: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx and 409, and the connections' socket errors and timeouts. */
  errors: number;
  /** 409 answers: a stale row version, expected under concurrent writes, not an error. */
  conflicts: number;
  failures: Record<string, number>;
}

interface Tally {
  times: number[];
  conflicts: number;
  failures: Record<string, number>;
}

const MOVE_MS = 15 * 60_000;

/** A local date-time 'YYYY-MM-DDTHH:mm:ss' moved by `ms` (read as UTC: no daylight-saving jump). */
const shifted = (at: string, ms: number) =>
  new Date(new Date(`${at.slice(0, 19)}Z`).getTime() + ms).toISOString().slice(0, 19);

interface EventAnswer {
  events: { id: number; rowVersion: number; startDate: string; endDate: string }[];
}

/** One connection's chain: a job change, a move 15 minutes later, the move back; then again. */
function chainOf(
  base: string,
  token: string,
  target: WriteTarget,
  pending: Set<Promise<unknown>>,
): { options: autocannon.Options; last: () => WriteKind } {
  const { job, appointment } = target;
  const estimate = job.EstimatedTime;
  let raised = false;
  let last: WriteKind = 'job change';
  let refreshing = false;
  // A 409: read the current row version again (once at a time), so the chain goes on.
  const refresh = (read: () => Promise<void>) => {
    if (refreshing) return;
    refreshing = true;
    const p = read()
      .catch(() => {})
      .finally(() => {
        refreshing = false;
        pending.delete(p);
      });
    pending.add(p);
  };
  const move = (ms: number): autocannon.Request => ({
    method: 'PATCH',
    path: '/api2/ServiceProvider/Scheduler/Events/ChangeTimes',
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({
        id: appointment.id,
        startDate: shifted(appointment.startDate, ms),
        endDate: shifted(appointment.endDate, ms),
        resourceIds: appointment.resourceIds,
        rowVersion: appointment.rowVersion,
      }),
    }),
    onResponse: (status, body) => {
      last = 'appointment move';
      if (status === 200) {
        const event = (JSON.parse(body) as EventAnswer).events.find((e) => e.id === appointment.id);
        if (event) appointment.rowVersion = event.rowVersion;
      } else if (status === 409)
        refresh(async () => {
          appointment.rowVersion = (await eventOf(base, token, appointment.id)).rowVersion;
        });
    },
  });
  const requests: autocannon.Request[] = [
    {
      method: 'PATCH',
      path: '/api2/ServiceProvider/job/changedetails',
      setupRequest: (req) => {
        raised = !raised;
        return {
          ...req,
          body: JSON.stringify({ ...job, EstimatedTime: raised ? estimate + 0.5 : estimate }),
        };
      },
      onResponse: (status, body) => {
        last = 'job change';
        if (status === 200) job.RowVersion = (JSON.parse(body) as JobChange).RowVersion;
        else if (status === 409)
          refresh(async () => {
            job.RowVersion = (await api<JobChange>(base, token, 'GET', `job/${job.Id}`)).RowVersion;
          });
      },
    },
    move(MOVE_MS),
    move(0),
  ];
  return {
    options: {
      url: base,
      connections: 1,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      requests,
    },
    last: () => last,
  };
}

async function eventOf(base: string, token: string, id: number) {
  const data = await api<EventAnswer>(base, token, 'GET', `Scheduler/Events/${id}`);
  const event = data.events.find((e) => e.id === id);
  if (!event) throw new Error(`Scheduler/Events/${id} has no event ${id}`);
  return event;
}

/**
 * Puts every job's estimate and every appointment's times back as they were first read. autocannon
 * stops with writes still on their way in the server, so one may land after a read here: each record
 * is read until it shows its first values (written back with the row version just read, a 409 read
 * again), after a pause for those writes to land.
 */
async function restore(base: string, token: string, originals: WriteTarget[]) {
  const settle = () => new Promise((r) => setTimeout(r, 200));
  const again = (err: unknown) => {
    if (!(err instanceof Refused && err.status === 409)) throw err;
  };
  for (const { job, appointment } of originals) {
    for (let tries = 0; ; tries++) {
      if (tries === 10) throw new Error(`job ${job.Id} could not be put back`);
      await settle();
      const now = await api<JobChange>(base, token, 'GET', `job/${job.Id}`);
      if (now.EstimatedTime === job.EstimatedTime) break;
      await api(base, token, 'PATCH', 'job/changedetails', { ...job, RowVersion: now.RowVersion }).catch(
        again,
      );
    }
    for (let tries = 0; ; tries++) {
      if (tries === 10) throw new Error(`appointment ${appointment.id} could not be put back`);
      await settle();
      const event = await eventOf(base, token, appointment.id);
      if (event.startDate === appointment.startDate && event.endDate === appointment.endDate) break;
      await api(base, token, 'PATCH', 'Scheduler/Events/ChangeTimes', {
        id: appointment.id,
        startDate: appointment.startDate,
        endDate: appointment.endDate,
        resourceIds: appointment.resourceIds,
        rowVersion: event.rowVersion,
      }).catch(again);
    }
  }
}

async function run(base: string, token: string, targets: WriteTarget[], seconds: number) {
  const tallies: Record<WriteKind, Tally> = {
    'job change': { times: [], conflicts: 0, failures: {} },
    'appointment move': { times: [], conflicts: 0, failures: {} },
  };
  const pending = new Set<Promise<unknown>>();
  const results = await Promise.all(
    targets.map((target) => {
      const chain = chainOf(base, token, target, pending);
      return cannon({ ...chain.options, duration: seconds }, (status, ms) => {
        // onResponse of the answered request ran just before this, so last() names its kind.
        const tally = tallies[chain.last()];
        if (status === 409) tally.conflicts++;
        else if (status < 200 || status > 299) tally.failures[status] = (tally.failures[status] ?? 0) + 1;
        else tally.times.push(ms);
      });
    }),
  );
  await Promise.all(pending);
  return { tallies, results };
}

/**
 * The write mix on `targets.length` connections for `seconds` (after a one-second warm-up), then
 * every target put back. The connections' socket errors and timeouts cannot be told apart by kind, so
 * they count against both rows.
 */
export async function measureWrites(
  base: string,
  token: string,
  targets: WriteTarget[],
  seconds: number,
): Promise<WriteMeasured[]> {
  const originals: WriteTarget[] = structuredClone(targets);
  // The chains change the targets' row versions as they go; they work on copies.
  const working = (): WriteTarget[] =>
    originals.map((t) => ({ job: { ...t.job }, appointment: { ...t.appointment } }));
  try {
    const warm = working();
    await run(base, token, warm, 1);
    await restore(base, token, originals);
    // Fresh row versions after the warm-up and the restore.
    const targetsNow = working();
    for (const t of targetsNow) {
      t.job.RowVersion = (await api<JobChange>(base, token, 'GET', `job/${t.job.Id}`)).RowVersion;
      t.appointment.rowVersion = (await eventOf(base, token, t.appointment.id)).rowVersion;
    }
    const { tallies, results } = await run(base, token, targetsNow, seconds);
    const duration = Math.max(...results.map((r) => r.duration));
    const socket = results.reduce((n, r) => n + r.errors, 0);
    return (['job change', 'appointment move'] as const).map((kind) => {
      const t = tallies[kind];
      const failed = Object.values(t.failures).reduce((n, c) => n + c, 0);
      return {
        kind,
        call: kind === 'job change' ? 'PATCH job/changedetails' : 'PATCH Scheduler/Events/ChangeTimes',
        rps: (t.times.length + t.conflicts + failed) / duration,
        ...percentiles(t.times),
        errors: failed + socket,
        conflicts: t.conflicts,
        failures: { ...t.failures, ...(socket ? { 'socket or timeout': socket } : {}) },
      };
    });
  } finally {
    await restore(base, token, originals);
  }
}
