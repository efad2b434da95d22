import { Cron } from 'croner';
import type { Db } from '../../db/database.ts';
import { currentRequestId } from '../../http/request-id.ts';
import type { Executor } from '../common/db.ts';
import { type ChangeEvent, changeWithEvents, type Emit } from '../common/outbox.ts';
import * as repo from './tasks.repository.ts';

/** What a task's work may do while it runs. */
export interface TaskContext {
  input: Record<string, unknown>;
  task: repo.TaskRow;
  /**
   * Tells the task's owner how far it has come (0–100); also extends the lease. When the owner has
   * cancelled a stoppable task meanwhile, `signal` is aborted here.
   */
  progress(percent: number): Promise<void>;
  /** Aborted when the task was cancelled while it ran (stoppable tasks only): stop, save nothing. */
  signal: AbortSignal;
}

/** The work of one kind of task; what it answers is kept as the task's result (returnObject). */
export type TaskHandler = (ctx: TaskContext) => Promise<{ link: string } | null>;

export interface TaskQueueOptions {
  /** How long a claimed task is held before another worker may take it again. */
  leaseMs?: number;
  /** How often the worker looks for due tasks and plans when nobody wakes it. */
  pollMs?: number;
  /** A failed task is tried again this many times in all before it stays failed. */
  maxAttempts?: number;
  /** Log lines: a failure with its error; with `fields` the task and the request that queued it. */
  log?: (msg: string, err?: unknown, fields?: Record<string, unknown>) => void;
  /** The company's time zone: plans' cron times are its wall clock (03:00 is 03:00 in Oslo). */
  timeZone?: () => Promise<string>;
}

/** Status changes are change events of entity 'task' for the task's owner (002 §7.22 tasks). */
export const taskEvent = (t: repo.TaskRow): ChangeEvent => ({
  entity: 'task',
  entityId: t.id,
  changeType: t.status === 'created' ? 'New' : 'Change',
  userId: t.createdBy,
  payload: { TaskId: t.id, Status: t.status, Progress: t.progress, UserId: t.createdBy },
});

/**
 * A durable task queue in the database (ENGINEERING.md): tasks and plans are rows; this worker claims
 * due tasks one at a time (two cores: one task is enough beside the requests), runs their handler,
 * and records each status change with its event in one transaction. Plans start their task at their
 * cron times. A server that stops mid-task leaves a lease that runs out, and the task runs again.
 */
/** How a kind of task is retried: tries in all, and the wait before the next (doubled each time). */
export interface RetryOptions {
  maxAttempts: number;
  retryDelayMs: number;
}

export class TaskQueue {
  private readonly handlers = new Map<string, TaskHandler>();
  private readonly retries = new Map<string, RetryOptions>();
  private readonly stoppable = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private readonly opts: Required<Omit<TaskQueueOptions, 'log'>> & Pick<TaskQueueOptions, 'log'>;
  private readonly db: Db;

  constructor(db: Db, opts: TaskQueueOptions = {}) {
    this.db = db;
    this.opts = {
      leaseMs: 5 * 60_000,
      pollMs: 1_000,
      maxAttempts: 1,
      timeZone: async () => 'Europe/Oslo',
      ...opts,
    };
  }

  /** A kind of task's work; with `retry`, a failed run waits and is tried again (mail, SMS). */
  register(name: string, handler: TaskHandler, retry?: RetryOptions) {
    this.handlers.set(name, handler);
    if (retry) this.retries.set(name, retry);
  }

  /**
   * A kind of task its owner may cancel while it runs (a plan proposal): the cancel marks it cancelled
   * in the database, and the worker, whatever process runs it, aborts its signal at its next progress.
   */
  registerStoppable(name: string, handler: TaskHandler) {
    this.register(name, handler);
    this.stoppable.add(name);
  }

  isStoppable(name: string) {
    return this.stoppable.has(name);
  }

  /**
   * Queues a task inside the caller's change: it exists only if the change commits (a job's mail is
   * never sent for a job that was rolled back, nor lost for one that was saved). Wake the worker after.
   */
  async enqueueIn(tx: Executor, emit: Emit, values: repo.NewTaskRow) {
    return insertTask(tx, emit, values);
  }

  /** Queues a task; the worker is woken at once. */
  async enqueue(values: repo.NewTaskRow) {
    // The request that queues it: its id goes into the worker's log lines, whatever process runs it.
    const queued = { requestId: currentRequestId() ?? null, ...values };
    const row = await changeWithEvents(this.db, (tx, emit) => insertTask(tx, emit, queued));
    this.wake();
    return row;
  }

  async ensurePlan(plan: {
    name: string;
    taskName: string;
    cron: string;
    description: string;
    /** Whether a new plan starts switched on (default); an existing plan keeps its own. */
    enabled?: boolean;
  }) {
    assertCron(plan.cron, plan.name);
    await repo.ensurePlan(this.db, { ...plan, nextRunAt: nextRun(plan.cron, await this.opts.timeZone()) });
  }

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops taking tasks and waits for the one running; its lease keeps it safe if that never ends. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  wake() {
    if (!this.stopped && !this.running) this.schedule(0);
  }

  /** Runs everything due now (the worker stops between tasks once stop() is called). */
  async drain(byWorker = false) {
    await repo.requeueExpired(this.db);
    await this.startDuePlans();
    while (!(byWorker && this.stopped)) {
      const task = await repo.claimNext(this.db, this.opts.leaseMs);
      if (!task) break;
      await this.runOne(task);
    }
  }

  private schedule(ms: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain(true)
        .catch((err) => this.opts.log?.('The task worker failed; it tries again', err))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule(this.opts.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  private async runOne(task: repo.TaskRow) {
    await changeWithEvents(this.db, async (_tx, emit) => emit(taskEvent(task)));
    const handler = this.handlers.get(task.name);
    const abort = new AbortController();
    try {
      if (!handler) throw new Error(`No handler for task ${task.name}`);
      const result = await handler({
        input: task.input as Record<string, unknown>,
        task,
        progress: (percent) => this.progress(task.id, percent, abort),
        signal: abort.signal,
      });
      if (abort.signal.aborted) throw abort.signal.reason;
      await this.finish(task.id, { status: 'completed', progress: 100, result, error: null });
      this.opts.log?.(`Task ${task.id} (${task.name}) completed`, undefined, fieldsOf(task));
    } catch (err) {
      // Cancelled by its owner while it ran: it stays cancelled, nothing more is written.
      if (abort.signal.aborted || (await repo.findTask(this.db, task.id))?.status === 'cancelled') {
        this.opts.log?.(`Task ${task.id} (${task.name}) cancelled`, undefined, fieldsOf(task));
        return;
      }
      this.opts.log?.(`Task ${task.id} (${task.name}) failed`, err, fieldsOf(task));
      const retry = this.retries.get(task.name);
      const again = task.attempts < (retry?.maxAttempts ?? this.opts.maxAttempts);
      const delay = (retry?.retryDelayMs ?? 0) * 2 ** Math.max(0, task.attempts - 1);
      await this.finish(task.id, {
        status: again ? 'created' : 'failed',
        error: (err as Error).message ?? String(err),
        ...(again ? { runAt: new Date(Date.now() + delay) } : {}),
      });
    }
  }

  private async progress(id: number, percent: number, abort: AbortController) {
    const row = await changeWithEvents(this.db, async (tx, emit) => {
      const row = await repo.updateRunningTask(tx, id, {
        progress: Math.max(0, Math.min(100, Math.round(percent))),
        lockedUntil: new Date(Date.now() + this.opts.leaseMs),
      });
      if (row) emit(taskEvent(row));
      return row;
    });
    if (!row) abort.abort(new Error(`Task ${id} was cancelled`));
  }

  /** A running task's end; one cancelled meanwhile keeps its status. */
  private async finish(id: number, values: Partial<repo.NewTaskRow>) {
    await changeWithEvents(this.db, async (tx, emit) => {
      const row = await repo.updateRunningTask(tx, id, {
        ...values,
        lockedUntil: null,
        finishedAt: values.status === 'created' ? null : new Date(),
      });
      if (row) emit(taskEvent(row));
    });
  }

  /** Each due plan queues its task once, and moves to its next time, under the plan's row lock. */
  private async startDuePlans() {
    const timeZone = await this.opts.timeZone();
    // drain() claims the started tasks right after; no wake needed.
    await changeWithEvents(this.db, async (tx, emit) => {
      for (const plan of await repo.duePlans(tx)) {
        await insertTask(tx, emit, {
          name: plan.taskName,
          planName: plan.name,
          displayText: plan.description,
        });
        await repo.updatePlan(tx, plan.name, {
          lastRunAt: new Date(),
          nextRunAt: nextRun(plan.cron, timeZone),
        });
      }
    });
  }
}

/** A new task with its change event, in the caller's change. */
async function insertTask(tx: Executor, emit: Emit, values: repo.NewTaskRow) {
  const row = await repo.insertTask(tx, values);
  emit(taskEvent(row));
  return row;
}

/** Whether a cron pattern parses (five or six fields croner reads). */
export function isValidCron(cron: string): boolean {
  try {
    new Cron(cron, { paused: true });
    return true;
  } catch {
    return false;
  }
}

/** A plan is defined in code: one whose pattern does not parse stops the start with its name. */
export function assertCron(cron: string, planName: string) {
  if (!isValidCron(cron)) throw new Error(`Task plan ${planName}: '${cron}' is not a cron pattern.`);
}

/** The next time a cron pattern names after now, read on the wall clock of `timeZone`. */
export const nextRun = (cron: string, timeZone: string): Date | null =>
  new Cron(cron, { timezone: timeZone }).nextRun() ?? null;

/** A task's log fields: which task, and the request that queued it (null for a plan's). */
const fieldsOf = (task: repo.TaskRow) => ({ taskId: task.id, task: task.name, requestId: task.requestId });
