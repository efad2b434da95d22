// npm run chaos: the crash and fault tests of issue 10, on loopback, bounded (each wait has a limit).
// On the embedded database and on PostgreSQL (a throwaway database of BENCH_DATABASE_URL):
//  - kill -9 of the server during concurrent writes (customers created through the API), a restart on
//    the same data, and every acknowledged write read back;
//  - SIGTERM with calls in flight: each completes or gets 503 with Connection: close, every socket
//    closes, the process exits within 10 s.
// On PostgreSQL only: the database lost under load, through a TCP relay between server and
// PostgreSQL that is cut and restored, and by pg_terminate_backend of the server's connections: the
// server answers 503 meanwhile, recovers by itself and never exits.
// On the embedded database only: a second server on a data folder a live process holds refuses.
// Exits non-zero when anything is lost or a rule is broken.
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  admin,
  adminUrl,
  call,
  codeOf,
  databaseUrl,
  relayTo,
  type ServerProcess,
  sleep,
  spawnServer,
  startServer,
  tokenOf,
  type Where,
} from './process.ts';

const WRITERS = Number(process.env.CHAOS_WRITERS ?? 32);
/** The kill comes once this many writes have been sent (all of them concurrently with WRITERS open). */
const KILL_AFTER = Number(process.env.CHAOS_KILL_AFTER ?? 1_500);
const OUTAGE_MS = 8_000;
const SIGTERM_CLIENTS = 100;

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};
const print = (title: string, rows: Record<string, string | number>) => {
  console.log(`\n${title}`);
  for (const [k, v] of Object.entries(rows)) console.log(`  ${k.padEnd(48)} ${v}`);
};
const countBy = (xs: (string | number)[]) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(String(x), (m.get(String(x)) ?? 0) + 1);
  return [...m].map(([k, n]) => `${k}: ${n}`).join(', ') || 'none';
};
/** Runs one test; a test that throws is a failure and the next one still runs. */
async function step<T>(what: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (err) {
    failures.push(`${what}: ${(err as Error).message}`);
    console.log(`\n${what}: ${(err as Error).message}`);
    return undefined;
  }
}
const api = (path: string) => `/api2/ServiceProvider/${path}`;

/** kill -9 during WRITERS concurrent customer creations, restart on the same data, read back. */
async function killDuringWrites(engine: string, where: Where, server: ServerProcess) {
  const token = await tokenOf(where.port, 'admin@demo.test');
  const agent = new http.Agent({ keepAlive: true, maxSockets: WRITERS });
  const tag = `Chaos ${process.pid} ${Date.now()}`;
  const acknowledged: number[] = [];
  let sent = 0;
  let killed = false;
  const errors: string[] = [];
  const otherStatuses: number[] = [];
  const writer = async () => {
    while (!killed || sent < KILL_AFTER) {
      const n = ++sent;
      if (n === KILL_AFTER) {
        // Mid-stream: the other writers have their calls in flight.
        killed = true;
        server.child.kill('SIGKILL');
      }
      try {
        const a = await call(agent, where.port, 'POST', api('customer/'), token, { Name: `${tag} ${n}` });
        if (a.status >= 200 && a.status < 300) {
          const id = (JSON.parse(a.body) as { Id?: number }).Id;
          if (typeof id === 'number') acknowledged.push(id);
        } else otherStatuses.push(a.status);
      } catch (err) {
        errors.push(codeOf(err));
        if (killed) return;
      }
    }
  };
  await Promise.all(Array.from({ length: WRITERS }, writer));
  const exit = await server.exited;
  agent.destroy();

  const { server: again, readyMs } = await startServer(where);
  const token2 = await tokenOf(where.port, 'admin@demo.test');
  const reader = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let found = 0;
  const missing: number[] = [];
  for (let i = 0; i < acknowledged.length; i += 8) {
    await Promise.all(
      acknowledged.slice(i, i + 8).map(async (id) => {
        const a = await call(reader, where.port, 'GET', api(`customer/?id=${id}`), token2);
        if (a.status === 200 && (JSON.parse(a.body) as { Name?: string }).Name?.startsWith(tag)) found++;
        else missing.push(id);
      }),
    );
  }
  const all = await call(reader, where.port, 'GET', api('customer/search?limit=5000'), token2);
  const stored = (JSON.parse(all.body) as { Name?: string }[]).filter((c) => c.Name?.startsWith(tag)).length;
  reader.destroy();
  const lost = acknowledged.length - found;
  print(`kill -9 during writes (${engine}, ${WRITERS} connections)`, {
    'writes sent': sent,
    'acknowledged (2xx with the id)': acknowledged.length,
    'found after restart': found,
    lost: lost,
    'stored in all (incl. unacknowledged in flight)': stored,
    'other answers before the kill': countBy(otherStatuses),
    'client errors at the kill': countBy(errors),
    'exit of the killed server': exit,
    'restart on the same data until /readyz': `${Math.round(readyMs)} ms`,
  });
  if (missing.length) console.log(`  missing ids: ${missing.slice(0, 20).join(', ')}`);
  check(lost === 0, `${engine}: ${lost} acknowledged writes lost after kill -9`);
  check(acknowledged.length >= 1_000, `${engine}: fewer than 1,000 writes acknowledged before the kill`);
  check(otherStatuses.length === 0, `${engine}: writes answered other than 2xx before the kill`);
  return again;
}

/** SIGTERM with SIGTERM_CLIENTS keep-alive clients calling in a loop. */
async function sigtermInFlight(engine: string, where: Where, server: ServerProcess) {
  const token = await tokenOf(where.port, 'admin@demo.test');
  const agent = new http.Agent({ keepAlive: true, maxSockets: SIGTERM_CLIENTS });
  const sockets = new Set<net.Socket>();
  let termAt = 0;
  const before = { sent: 0, ok: 0, closing503: 0, other: [] as (number | string)[] };
  const timings: string[] = [];
  const after = { sent: 0, ok: 0, closing503: 0, other: [] as (number | string)[], refused: 0 };
  let inFlightAtTerm = 0;
  let inFlight = 0;
  /** Sockets that have had an answer: the server took them. */
  const answered = new WeakSet<net.Socket>();
  let neverAccepted = 0;
  const body = { Page: 1, ItemsPerPage: 50, JobStatusIdList: [10, 20, 30, 40] };
  const client = async (i: number) => {
    for (;;) {
      const sentBefore = termAt === 0;
      const sentAt = Date.now();
      const bucket = sentBefore ? before : after;
      bucket.sent++;
      inFlight++;
      let socket: net.Socket | undefined;
      const onSocket = (s: net.Socket) => {
        socket = s;
        sockets.add(s);
      };
      try {
        const a =
          i % 2
            ? await call(agent, where.port, 'POST', api('JobList/Filtered'), token, body, onSocket)
            : await call(agent, where.port, 'POST', api('customer/'), token, { Name: `Term ${i}` }, onSocket);
        if (socket) answered.add(socket);
        if (a.status >= 200 && a.status < 300) bucket.ok++;
        else if (a.status === 503 && a.connection === 'close' && termAt) {
          // Sent just before the signal, or after it: told to come back, and the connection ends.
          bucket.closing503++;
          return;
        } else bucket.other.push(a.status);
      } catch (err) {
        const code = codeOf(err);
        // A new connection after the listening socket closed is refused: the stop is visible.
        if (code === 'ECONNREFUSED' && !sentBefore) {
          after.refused++;
          return;
        }
        // A connection still in the listening socket's queue when it closes is reset by the kernel:
        // the server never took it, so its call never reached the server. Counted apart, below.
        if (code === 'ECONNRESET' && termAt && socket && !answered.has(socket)) {
          neverAccepted++;
          return;
        }
        bucket.other.push(code);
        if (termAt) {
          timings.push(`${code} sent ${sentAt - termAt} ms, failed ${Date.now() - termAt} ms after SIGTERM`);
          return;
        }
      } finally {
        inFlight--;
      }
      if (termAt && Date.now() - termAt > 12_000) return;
    }
  };
  const clients = Promise.all(Array.from({ length: SIGTERM_CLIENTS }, (_, i) => client(i)));
  await sleep(2_000);
  // The listening socket's accept queue: connections the kernel holds that the server has not taken.
  const backlog = (spawnSync('ss', ['-Hltn', `sport = :${where.port}`], { encoding: 'utf8' }).stdout ?? '')
    .trim()
    .split(/\s+/)[1];
  termAt = Date.now();
  inFlightAtTerm = inFlight;
  server.child.kill('SIGTERM');
  const exit = await Promise.race([server.exited, sleep(15_000).then(() => 'still running after 15 s')]);
  const exitMs = Date.now() - termAt;
  await Promise.race([clients, sleep(5_000)]);
  agent.destroy();
  await sleep(50);
  const open = [...sockets].filter((s) => !s.destroyed).length;
  print(`SIGTERM with calls in flight (${engine}, ${SIGTERM_CLIENTS} keep-alive clients)`, {
    'calls sent before SIGTERM': before.sent,
    '  of them answered 2xx': before.ok,
    '  of them answered 503 with Connection: close': before.closing503,
    '  of them failed (must be none)': countBy(before.other),
    'calls in flight at SIGTERM': inFlightAtTerm,
    '  connections not yet taken by the server': backlog ?? 'unknown',
    '  reset unanswered with the listening socket': neverAccepted,
    'calls sent after SIGTERM': after.sent,
    '  answered 2xx': after.ok,
    '  answered 503 with Connection: close': after.closing503,
    '  new connection refused (listening closed)': after.refused,
    '  other (must be none)': countBy(after.other),
    'client sockets': sockets.size,
    '  still open after exit (must be 0)': open,
    'exit code': exit,
    'exit after SIGTERM': `${exitMs} ms`,
  });
  for (const t of timings.slice(0, 12)) console.log(`  failed: ${t}`);
  check(before.other.length === 0, `${engine}: calls sent before SIGTERM failed: ${countBy(before.other)}`);
  check(after.other.length === 0, `${engine}: calls after SIGTERM failed: ${countBy(after.other)}`);
  check(
    neverAccepted <= Number(backlog ?? 0),
    `${engine}: ${neverAccepted} unanswered connections reset, more than the ${backlog} the server had not taken`,
  );
  check(open === 0, `${engine}: ${open} sockets still open after exit`);
  check(exit === 0 && exitMs <= 10_000, `${engine}: exit ${exit} after ${exitMs} ms`);
}

/** A second server on a data folder a live server holds. */
async function lockedDataDir(where: Where) {
  const second = spawnServer({ ...where, port: where.port + 1 });
  const exit = await Promise.race([second.exited, sleep(30_000).then(() => 'still running after 30 s')]);
  if (typeof exit === 'string' && exit.startsWith('still')) second.child.kill('SIGKILL');
  const first = await fetch(`http://127.0.0.1:${where.port}/readyz`).then((r) => r.status);
  print('embedded database folder held by a live server', {
    'second server on the same DATA_DIR, exit code': exit,
    'its message': second.output().trim().replaceAll('\n', ' | '),
    'first server meanwhile, /readyz': first,
  });
  check(
    exit === 1 && /lock|in use|held|another/i.test(second.output()),
    'second server did not refuse clearly',
  );
  check(first === 200, 'first server stopped answering while a second tried its folder');
}

/** Load of reads and writes while `fault` runs; statuses per phase and the time to recover. */
async function underLoad(
  title: string,
  where: Where,
  server: ServerProcess,
  fault: () => Promise<void>,
  restore: () => Promise<void>,
  expect503 = true,
) {
  const token = await tokenOf(where.port, 'admin@demo.test');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
  let phase: 'before' | 'outage' | 'after' = 'before';
  const statuses = {
    before: [] as (number | string)[],
    outage: [] as (number | string)[],
    after: [] as (number | string)[],
  };
  let restoredAt = 0;
  let firstOkAfter = 0;
  let stop = false;
  const outageTimes: number[] = [];
  const worker = async (i: number) => {
    let n = 0;
    while (!stop) {
      const p = phase;
      const t = performance.now();
      try {
        const a =
          n++ % 2
            ? await call(agent, where.port, 'GET', api('customer/Filtered?Page=1&ItemsPerPage=40'), token)
            : await call(agent, where.port, 'POST', api('customer/'), token, { Name: `Outage ${i} ${n}` });
        statuses[p].push(a.status);
        if (p === 'outage') outageTimes.push(performance.now() - t);
        if (p === 'after' && a.status < 300 && !firstOkAfter) firstOkAfter = Date.now();
      } catch (err) {
        statuses[p].push(codeOf(err));
      }
      if (p === 'outage') await sleep(20);
    }
  };
  const workers = Promise.all(Array.from({ length: 10 }, (_, i) => worker(i)));
  await sleep(2_000);
  phase = 'outage';
  await fault();
  const readyz = await fetch(`http://127.0.0.1:${where.port}/readyz`).then(
    (r) => r.status,
    (e) => codeOf(e),
  );
  restoredAt = Date.now();
  await restore();
  restoredAt = Date.now();
  phase = 'after';
  const end = Date.now() + 30_000;
  while (!firstOkAfter && Date.now() < end) await sleep(10);
  await sleep(3_000);
  stop = true;
  await workers;
  agent.destroy();
  const afterOk = statuses.after.filter((s) => typeof s === 'number' && s < 300).length;
  const lateAfter = statuses.after.slice(-200);
  const alive = server.child.exitCode === null && server.child.signalCode === null;
  outageTimes.sort((a, b) => a - b);
  print(title, {
    'answers before': countBy(statuses.before),
    'answers during the outage': countBy(statuses.outage),
    'slowest answer during the outage': `${Math.round(outageTimes.at(-1) ?? 0)} ms`,
    '/readyz during the outage': readyz,
    'answers after restoring': countBy(statuses.after),
    'time to the first 2xx after restoring': firstOkAfter ? `${firstOkAfter - restoredAt} ms` : 'never',
    'server process still running': alive
      ? 'yes'
      : `no (${server.child.exitCode ?? server.child.signalCode})`,
  });
  check(alive, `${title}: the server exited`);
  check(
    statuses.outage.every((s) => s === 503 || (typeof s === 'number' && s < 300)),
    `${title}: answers other than 503 (or 2xx) during the outage`,
  );
  if (expect503)
    check(
      statuses.outage.some((s) => s === 503),
      `${title}: no 503 during the outage`,
    );
  check(
    firstOkAfter > 0 && lateAfter.every((s) => typeof s === 'number' && s < 300),
    `${title}: did not recover`,
  );
  void afterOk;
}

async function embedded() {
  const where: Where = { port: 39_411, dataDir: mkdtempSync(join(tmpdir(), 'fp-chaos-')) };
  const { server, readyMs } = await startServer(where);
  console.log(`\n== embedded database (${where.dataDir}; first start ${Math.round(readyMs)} ms)`);
  const again = await killDuringWrites('embedded database', where, server);
  await step('locked data folder', () => lockedDataDir(where));
  await step('SIGTERM (embedded database)', () => sigtermInFlight('embedded database', where, again));
}

async function postgres() {
  const name = `fp_chaos_${process.pid}`;
  if (!(await admin(`create database ${name}`))) {
    failures.push(`no PostgreSQL reachable at ${adminUrl}: its tests did not run`);
    return;
  }
  const relay = relayTo(new URL(adminUrl));
  try {
    const port = await relay.open();
    const where: Where = {
      port: 39_421,
      dataDir: mkdtempSync(join(tmpdir(), 'fp-chaos-')),
      databaseUrl: databaseUrl(name, port),
    };
    const { server, readyMs } = await startServer(where);
    console.log(
      `\n== PostgreSQL (database ${name}, through a relay on port ${port}; first start ${Math.round(readyMs)} ms)`,
    );
    const again = await killDuringWrites('PostgreSQL', where, server);
    await step('PostgreSQL lost', () =>
      underLoad(
        `PostgreSQL lost for ${OUTAGE_MS / 1000} s (relay cut: connections reset, new ones refused), 10 clients`,
        where,
        again,
        async () => {
          await relay.cut();
          await sleep(OUTAGE_MS);
        },
        async () => {
          await relay.open();
        },
      ),
    );
    await step('PostgreSQL backends terminated', () =>
      underLoad(
        `PostgreSQL backends of the server terminated every 100 ms for ${OUTAGE_MS / 1000} s (pg_terminate_backend), 10 clients`,
        where,
        again,
        async () => {
          const end = Date.now() + OUTAGE_MS;
          while (Date.now() < end) {
            await admin(
              `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
            );
            await sleep(100);
          }
        },
        async () => {},
        false,
      ),
    );
    await step('SIGTERM (PostgreSQL)', () => sigtermInFlight('PostgreSQL', where, again));
    if (again.child.exitCode === null) again.child.kill('SIGKILL');
  } finally {
    await relay.cut();
    await admin(`drop database if exists ${name} with (force)`);
  }
}

const only = process.env.CHAOS_ONLY;
if (!only || only === 'embedded') await embedded();
if (!only || only === 'postgres') await postgres();
if (failures.length) {
  console.log(`\nFAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nAll chaos checks passed.');
