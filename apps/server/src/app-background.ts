import { toLocalDateTime } from '@fieldport/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/database.ts';
import type { Clock } from './infra/clock.ts';
import { NEXT_ORDER_PLAN, NEXT_ORDER_TASK } from './modules/agreements/next-orders.service.ts';
import { CLEAN_PROPOSALS_PLAN } from './modules/appointments/dispatch.service.ts';
import { EVENTS_CHANNEL } from './modules/common/outbox.ts';
import { LiveHub } from './modules/live-events/hub.ts';
import type { AuthGuard } from './modules/session/auth-guard.ts';
import type { SettingsService } from './modules/settings/settings.service.ts';
import type { TaskQueue } from './modules/tasks/task-queue.ts';

/*
 * What the app runs beside the calls: the nightly plans of the task queue, and the live-event hub with
 * the hooks that keep this process caught up with the others on the database. buildApp composes them.
 */

/**
 * How long a request waits at most for this process to reach the live sequence its page has seen
 * (X-Live-Sequence): a sequence from another database (a page older than a reset) costs no more.
 */
const LIVE_CATCH_UP_MS = 1_000;

/** The plans the task queue runs each night; the Admin may switch each off (or on). */
export async function ensureNightlyPlans(taskQueue: TaskQueue) {
  // Old export files are removed each night at 03:00.
  await taskQueue.ensurePlan({
    name: 'CleanExports',
    taskName: 'CleanExports',
    cron: '0 3 * * *',
    description: 'task_clean_exports',
  });
  // The proposal tasks' plans older than a day are forgotten each night at 03:30 (decision 097).
  await taskQueue.ensurePlan({
    name: CLEAN_PROPOSALS_PLAN,
    taskName: CLEAN_PROPOSALS_PLAN,
    cron: '30 3 * * *',
    description: 'task_clean_proposed_plans',
  });
  // The jobs of the next orders due within a week, each night at 02:00, once the Admin switches it on.
  await taskQueue.ensurePlan({
    name: NEXT_ORDER_PLAN,
    taskName: NEXT_ORDER_TASK,
    cron: '0 2 * * *',
    description: 'task_next_order_jobs_plan',
    enabled: false,
  });
}

/**
 * The live-event hub on the HTTP server (decision 013): a NOTIFY after each committed event wakes it;
 * on PostgreSQL, presence and refresh-clients span every server process on the database.
 */
export function startLiveHub(
  app: FastifyInstance,
  deps: {
    database: Database;
    guard: AuthGuard;
    clock: Clock;
    settings: SettingsService;
    /** A change committed by another server process (its users, settings and kept answers). */
    observe: (e: { entity: string; entityId: string | number }) => void;
    /** Runs once the hub is listening: what ended before its cursor is read then. */
    onStarted: () => Promise<void>;
  },
): LiveHub {
  const { database, clock, settings } = deps;
  const live = new LiveHub(app.server, {
    db: database.db,
    guard: deps.guard,
    clock,
    today: async () => toLocalDateTime(clock.now(), (await settings.global()).TimeZone).slice(0, 10),
    clusterPool: database.openPool?.(2),
    observe: deps.observe,
    log: (msg, err) => app.log.error({ err }, msg),
  });
  // Behind a balancer a page may read from a process that has not yet seen an event the page got
  // through another: its kept answers, settings and sessions would be older than what the page knows.
  // The page sends the last sequence it saw; this process catches up to it first (at most a second).
  app.addHook('onRequest', async (req) => {
    const seen = Number(req.headers['x-live-sequence']);
    if (Number.isSafeInteger(seen) && seen > live.sequence) await live.reach(seen, LIVE_CATCH_UP_MS);
  });
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unlisten = await database.listen(EVENTS_CHANNEL, () => live.wake());
    await live.start();
    await deps.onStarted();
  });
  // Before the HTTP server closes: clients are told why, then their sockets close (not held open).
  app.addHook('preClose', async () => live.shutdown());
  app.addHook('onClose', async () => unlisten?.());
  return live;
}
