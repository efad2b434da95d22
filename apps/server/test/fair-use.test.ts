import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createJob, ensureReferenceData } from '../src/dev/factories/index.ts';
import { signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

/**
 * A gate for the heavy-work pool (decision 059): once armed, the next piece of heavy work to get its
 * turn stops there (`reached`) until `release()`; the others pass.
 */
function heavyGate() {
  let armed: { entered: () => void; held: Promise<void> } | null = null;
  let release = () => {};
  return {
    gate: async () => {
      const a = armed;
      armed = null;
      if (!a) return;
      a.entered();
      await a.held;
    },
    /** Arms the gate; resolves when a piece of work has reached it. */
    arm(): Promise<void> {
      const held = new Promise<void>((r) => {
        release = r;
      });
      return new Promise<void>((entered) => {
        armed = { entered, held };
      });
    },
    release: () => release(),
  };
}

/** Small limits, so that a test reaches each of them with a call or two. */
const LIMITS = {
  maxActiveRequests: 1,
  requestQueue: 1,
  // No call waits long enough in these tests to be turned away for its wait.
  requestQueueWaitMs: 600_000,
  heavyWorkConcurrency: 2,
  heavyWorkQueue: 0,
  heavyWorkPerUser: 1,
};

/** The next event of the name (p-queue is an EventTarget: 'active' when a call gets its turn, 'add' when one joins). */
const next = (target: EventTarget, name: string) =>
  new Promise((r) => target.addEventListener(name, r, { once: true }));

const api = (path: string) => `/api2/ServiceProvider/${path}`;

async function appWithJobs(engine: 'pglite' | 'postgres', gate: () => Promise<void>) {
  const t = await startTestApp(engine, { limits: LIMITS, heavyWorkGate: gate });
  await ensureReferenceData(t.db);
  await allLicences(t.app);
  const a = await signedInUser(t, 1);
  const b = await signedInUser(t, 1);
  const job = await createJob(t.db, { customerId: (await createCustomer(t.db)).id, machines: 1 });
  const headers = (api: { headers: object }) => api.headers as Record<string, string>;
  return { t, a: headers(a.api), b: headers(b.api), job: job.id };
}

describe.each(engines)('fair use on %s', (engine) => {
  const held = heavyGate();
  let s: Awaited<ReturnType<typeof appWithJobs>>;
  beforeAll(async () => {
    s = await appWithJobs(engine, held.gate);
  });
  afterAll(() => s.t.close());

  it('answers 429 with Retry-After beyond a user’s share of PDFs, while another user’s PDF is made', async () => {
    const reached = held.arm();
    const first = s.t.app.inject({ url: `/api2/resource/service-report/${s.job}`, headers: s.a });
    await reached;
    // The same user's second PDF while the first is being made: beyond the share of one.
    const second = await s.t.app.inject({
      url: `/api2/resource/hazard-analysis/${s.job}`,
      headers: { ...s.a, 'accept-language': 'sv' },
    });
    expect(second.statusCode).toBe(429);
    expect(second.headers['retry-after']).toBe('2');
    expect(second.json()).toEqual({
      Message: 'Du har redan 1 dokument eller exporter som skapas. Försök igen när ett av dem är klart.',
    });
    // Another user is not held up by it.
    const other = await s.t.app.inject({ url: `/api2/resource/service-report/${s.job}`, headers: s.b });
    expect(other.statusCode).toBe(200);
    expect(other.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    held.release();
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(done.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The share is given back with the answer.
    const again = await s.t.app.inject({ url: `/api2/resource/hazard-analysis/${s.job}`, headers: s.a });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when the calls running and waiting are at their limits', async () => {
    const { admission } = s.t.app.services;
    // A call whose body is still on its way holds the one turn.
    const body = new PassThrough();
    const started = next(admission.queue, 'active');
    const running = s.t.app.inject({
      method: 'POST',
      url: api('Department/'),
      headers: { ...s.a, 'content-type': 'application/json' },
      payload: body,
    });
    await started;
    // The next one waits in the line of one.
    const added = next(admission.queue, 'add');
    const waiting = s.t.app.inject({ url: api('userinfo'), headers: s.b });
    await added;
    expect([admission.active, admission.queued]).toEqual([1, 1]);
    // One more: no room, turned away at once.
    const shed = await s.t.app.inject({ url: api('userinfo'), headers: { ...s.b, 'accept-language': 'no' } });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toEqual({ Message: 'Serveren er opptatt. Prøv igjen om et øyeblikk.' });
    // Health is outside the line.
    expect((await s.t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    body.end(JSON.stringify({ Name: 'Made while others waited' }));
    expect((await running).statusCode).toBe(200);
    expect((await waiting).statusCode).toBe(200);
    // Both turns are given back once their answers are out.
    await admission.queue.onIdle();
    expect([admission.active, admission.queued]).toEqual([0, 0]);
  });
});

/** One call on `agent` (or a connection of its own): its status, headers and body. */
function call(port: number, path: string, headers: Record<string, string>, agent: http.Agent | false) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe.each(engines)('shutdown with calls under way and waiting, on %s', (engine) => {
  const held = heavyGate();
  let s: Awaited<ReturnType<typeof appWithJobs>>;
  let port: number;
  beforeAll(async () => {
    s = await appWithJobs(engine, held.gate);
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (s.t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => s.t.close());

  it('finishes the calls under way, answers those not yet started and every new call 503 with Connection: close', async () => {
    const { admission } = s.t.app.services;
    // A keep-alive connection, open before the stop.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await call(port, api('userinfo'), s.b, agent)).status).toBe(200);
    // A PDF under way, held in the heavy-work pool.
    const reached = held.arm();
    const pdf = call(port, `/api2/resource/service-report/${s.job}`, s.a, false);
    await reached;
    // A call under way holding the API's one turn: its body is half sent.
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((r) => slow.once('connect', r));
    let slowAnswer = '';
    slow.on('data', (d) => {
      slowAnswer += d.toString();
    });
    const slowClosed = new Promise((r) => slow.once('close', r));
    const started = next(admission.queue, 'active');
    const payload = JSON.stringify({ Name: 'Finished while stopping' });
    slow.write(
      `POST ${api('Department/')} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${s.a.authorization}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n\r\n${payload.slice(0, 5)}`,
    );
    await started;
    // A call waiting for its turn: not started.
    const added = next(admission.queue, 'add');
    const waiting = call(port, api('userinfo'), { ...s.b, 'accept-language': 'zh-HK' }, false);
    await added;

    const closing = s.t.app.services.shutdown();
    const notStarted = await waiting;
    expect(notStarted.status).toBe(503);
    expect(notStarted.headers.connection).toBe('close');
    expect(notStarted.headers['retry-after']).toBe('5');
    expect(JSON.parse(notStarted.body.toString())).toEqual({ Message: '伺服器正在停止。請稍後再試。' });
    // A new call on the open connection.
    const late = await call(port, api('userinfo'), s.b, agent);
    expect(late.status).toBe(503);
    expect(late.headers.connection).toBe('close');
    expect(JSON.parse(late.body.toString())).toEqual({
      Message: 'The server is stopping. Try again in a moment.',
    });
    // The calls under way finish with their own answers.
    slow.write(payload.slice(5));
    held.release();
    const made = await pdf;
    expect(made.status).toBe(200);
    expect(made.body.subarray(0, 5).toString()).toBe('%PDF-');
    await new Promise<void>((r) => {
      const done = () => (slowAnswer.includes('\r\n\r\n') ? r() : slow.once('data', done));
      done();
    });
    expect(slowAnswer).toMatch(/^HTTP\/1\.1 200/);
    slow.end();
    await slowClosed;
    await closing;
    agent.destroy();
    expect(s.t.app.server.listening).toBe(false);
  });
});
