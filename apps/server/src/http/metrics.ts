import { timingSafeEqual } from 'node:crypto';
import { serverMessage } from '@fieldport/contract';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** What the metrics read when scraped. */
export interface MetricSources {
  /** The database pool's connections (PostgreSQL; none on the embedded database). */
  pool?: (() => { total: number; idle: number; waiting: number }) | undefined;
  /** Background tasks waiting to run. */
  queueDepth: () => Promise<number>;
  /** Live-event connections open to this process. */
  liveConnections: () => number;
}

/** Who reads /metrics: the holders of `token`, anyone when `public`, else nobody. */
export interface MetricsAccess {
  token: string | undefined;
  public: boolean;
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Prometheus metrics at /metrics (issue 17), with prom-client: requests per route (its template, not
 * the path, so ids make no new series) by method and status with their durations, the database pool,
 * the task queue's depth, the live connections, and Node's own (event loop, memory, GC). A registry of
 * the app's own, so several apps in one process (tests) keep theirs apart. Closed unless opened
 * (issue 29): with a token, only a caller sending it as a bearer token reads them (401 else); opened
 * to anyone by METRICS_PUBLIC=1; with neither, 403.
 */
export function installMetrics(app: FastifyInstance, sources: MetricSources, access: MetricsAccess): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by route template',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by route template',
    labelNames,
    registers: [registry],
  });
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const p = pool();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting_clients' }, p.waiting);
      },
    });
  }
  new Gauge({
    name: 'task_queue_depth',
    help: 'Background tasks waiting to run',
    registers: [registry],
    async collect() {
      this.set(await sources.queueDepth());
    },
  });
  new Gauge({
    name: 'live_connections',
    help: 'Live-event connections open to this process',
    registers: [registry],
    collect() {
      this.set(sources.liveConnections());
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return;
    const labels = { method: req.method, route, status_code: String(reply.statusCode) };
    duration.observe(labels, reply.elapsedTime / 1000);
    requests.inc(labels);
  });
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const lang = req.headers['accept-language'];
    if (!access.public && !access.token)
      return reply.code(403).send({ Message: serverMessage('metrics_closed', lang) });
    if (access.token && !sameText(req.headers.authorization ?? '', `Bearer ${access.token}`))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ Message: serverMessage('metrics_token_required', lang) });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
