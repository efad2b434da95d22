import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createUser } from '../src/dev/factories/index.ts';
import { startTestApp } from './harness.ts';
import { tokensOf } from './support.ts';

const IN_FLIGHT = 200;

function get(url: string, headers: Record<string, string>, agent: http.Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

// The embedded database runs each query on the server's own thread. A backlog of queries once ran back
// to back without the event loop turning, so a new connection waited for all of them (docs/reliability.md).
describe('the embedded database under a backlog of queries', () => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let base: string;
  let token: string;
  beforeAll(async () => {
    // All 200 taken by the admission (decision 059 caps them at 16), so their queries make the backlog.
    t = await startTestApp('pglite', { limits: { maxActiveRequests: IN_FLIGHT, requestQueue: IN_FLIGHT } });
    for (let i = 0; i < 40; i++) await createCustomer(t.db);
    const admin = await createUser(t.db, { userTypeId: 1 });
    token = (await tokensOf(t.app, admin.email)).access_token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('takes a new connection and answers it between two queries, not after the whole backlog', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    const headers = { authorization: `Bearer ${token}` };
    // Every connection open first, so that the backlog below is made of queries, not of connects.
    await Promise.all(Array.from({ length: IN_FLIGHT }, () => get(`${base}/healthz`, {}, agent)));
    let done = 0;
    let firstDone: () => void = () => {};
    const first = new Promise<void>((r) => (firstDone = r));
    const reads = Array.from({ length: IN_FLIGHT }, () =>
      get(`${base}/api2/ServiceProvider/customer/Filtered?Page=1&ItemsPerPage=40`, headers, agent).then(
        (status) => {
          done += 1;
          firstDone();
          return status;
        },
      ),
    );
    // Once the server has the backlog (the first read answered), a newcomer on a new connection.
    await first;
    const newcomer = await get(`${base}/healthz`, {}, false);
    const doneWhenAnswered = done;
    const statuses = await Promise.all(reads);
    agent.destroy();
    expect(newcomer).toBe(200);
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Answered while most of the backlog still waited its turn.
    expect(doneWhenAnswered).toBeLessThan(IN_FLIGHT / 2);
  });
});
