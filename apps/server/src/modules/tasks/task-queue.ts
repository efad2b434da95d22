import { Cron } from 'croner';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../common/db.ts';
import { type ChangeEvent, changeWithEvents, type Emit } from '../common/outbox.ts';
import * as repo from './tasks.repository.ts';

/** What a task's work may do while it runs. */
export interface TaskContext {
  input: Record<string, unknown>;
  task: repo.TaskRow;
  /** Tells the task's owner how far it has come (0–100); also extends the lease. */
  progress(percent: number): Promise<void>;
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
  log?: (msg: string, err?: unknown) => void;
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
export class TaskQueue {
  private readonly handlers = new Map<string, TaskHandler>();
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

  register(name: string, handler: TaskHandler) {
    this.handlers.set(name, handler);
  }

  /** Queues a task; the worker is woken at once. */
  async enqueue(values: repo.NewTaskRow) {
    const row = await changeWithEvents(this.db, (tx, emit) => insertTask(tx, emit, values));
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
    try {
      if (!handler) throw new Error(`No handler for task ${task.name}`);
      const result = await handler({
        input: task.input as Record<string, unknown>,
        task,
        progress: (percent) => this.progress(task.id, percent),
      });
      await this.finish(task.id, { status: 'completed', progress: 100, result, error: null });
    } catch (err) {
      this.opts.log?.(`Task ${task.id} (${task.name}) failed`, err);
      const again = task.attempts < this.opts.maxAttempts;
      await this.finish(task.id, {
        status: again ? 'created' : 'failed',
        error: (err as Error).message ?? String(err),
      });
    }
  }

  private async progress(id: number, percent: number) {
    await changeWithEvents(this.db, async (tx, emit) => {
      const row = await repo.updateTask(tx, id, {
        progress: Math.max(0, Math.min(100, Math.round(percent))),
        lockedUntil: new Date(Date.now() + this.opts.leaseMs),
      });
      emit(taskEvent(row));
    });
  }

  private async finish(id: number, values: Partial<repo.NewTaskRow>) {
    await changeWithEvents(this.db, async (tx, emit) => {
      const row = await repo.updateTask(tx, id, {
        ...values,
        lockedUntil: null,
        finishedAt: values.status === 'created' ? null : new Date(),
      });
      emit(taskEvent(row));
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

/** The next time a cron pattern names after now, read on the wall clock of `timeZone`. */
export const nextRun = (cron: string, timeZone: string): Date | null =>
  new Cron(cron, { timezone: timeZone }).nextRun() ?? null;
