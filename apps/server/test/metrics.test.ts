import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tasks } from '../src/db/schema/index.ts';
import { createCustomer, createJob, createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { bearer, tokensOf } from './support.ts';

/**
 * Operating several processes (issue 17): Prometheus metrics, a worker that serves no API, and a
 * request's id carried into the task it queues.
 */
describe.each(engines)('metrics and roles on %s', (engine) => {
  it('counts requests by route template with their durations, and reports the queue and live connections', async () => {
    // METRICS_PUBLIC=1: open to anyone who reaches it.
    const t = await startTestApp(engine, { metricsPublic: true });
    try {
      const user = await createUser(t.db, { userTypeId: 1 });
      const job = await createJob(t.db);
      const token = (await tokensOf(t.app, user.email)).access_token;
      for (let i = 0; i < 3; i++)
        expect(
          (await t.app.inject({ url: `/api2/ServiceProvider/job/${job.id}`, headers: bearer(token) }))
            .statusCode,
        ).toBe(200);
      const res = await t.app.inject({ url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
      const text = res.body;
      expect(text).toMatch(
        /http_requests_total\{method="GET",route="\/api2\/ServiceProvider\/job\/:id",status_code="200"\} 3/,
      );
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/api2\/ServiceProvider\/job\/:id",status_code="200"\} 3/,
      );
      expect(text).not.toContain(`job/${job.id}`);
      expect(text).toMatch(/^task_queue_depth \d+$/m);
      expect(text).toMatch(/^live_connections 0$/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
      if (engine === 'postgres') expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('answers /metrics only with METRICS_TOKEN when one is set', async () => {
    const t = await startTestApp(engine, { metricsToken: 'metrics-token-0123456789' });
    try {
      const without = await t.app.inject({ url: '/metrics', headers: { 'accept-language': 'sv' } });
      expect(without.statusCode).toBe(401);
      expect(without.headers['www-authenticate']).toBe('Bearer');
      expect(without.json().Message).toBe('Mätvärdena kräver mättoken (Authorization: Bearer).');
      expect(without.body).not.toContain('http_requests_total');
      expect(
        (await t.app.inject({ url: '/metrics', headers: bearer('wrong-token-0123456789') })).statusCode,
      ).toBe(401);
      const read = await t.app.inject({ url: '/metrics', headers: bearer('metrics-token-0123456789') });
      expect(read.statusCode).toBe(200);
      expect(read.body).toMatch(/^task_queue_depth \d+$/m);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('refuses /metrics to everyone when neither METRICS_TOKEN nor METRICS_PUBLIC=1 is set', async () => {
    const t = await startTestApp(engine);
    try {
      for (const headers of [{}, bearer('metrics-token-0123456789')]) {
        const res = await t.app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(403);
        expect(res.json().Message).toBe(
          'The metrics are closed: set METRICS_TOKEN, or METRICS_PUBLIC=1 to open them.',
        );
      }
    } finally {
      await t.close();
    }
  }, 90_000);

  it('a worker (ROLE=worker) answers its health, readiness and metrics, and no API or web page', async () => {
    const t = await startTestApp(engine, { role: 'worker', metricsToken: 'metrics-token-0123456789' });
    try {
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: '/metrics', headers: bearer('metrics-token-0123456789') })).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ url: '/api2/ServiceProvider/userinfo' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/portal/' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  }, 90_000);

  it('answers each request with its id, keeps a proxy’s X-Request-Id, and puts it on the task the request queues', async () => {
    const t = await startTestApp(engine);
    try {
      const user = await createUser(t.db, { userTypeId: 1 });
      const customer = await createCustomer(t.db);
      const token = (await tokensOf(t.app, user.email)).access_token;
      const fresh = await t.app.inject({ url: '/healthz' });
      expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const started = await t.app.inject({
        method: 'POST',
        url: '/api2/ServiceProvider/Statistics/ExportMachines',
        headers: { ...bearer(token), 'x-request-id': 'trace-42' },
        payload: { CustomerId: customer.id },
      });
      expect(started.statusCode, started.body).toBe(200);
      expect(started.headers['x-request-id']).toBe('trace-42');
      const [task] = await t.db
        .select({ requestId: tasks.requestId })
        .from(tasks)
        .where(eq(tasks.id, started.json().taskId));
      expect(task?.requestId).toBe('trace-42');
      // Not an id: a new one instead.
      const odd = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'a b <c>' } });
      expect(odd.headers['x-request-id']).not.toBe('a b <c>');
    } finally {
      await t.close();
    }
  }, 90_000);
});
