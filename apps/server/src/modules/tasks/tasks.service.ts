import { isServerMessageKey, serverMessage, type Task, toLocalDateTime } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound, refusal } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { nextRun, type TaskQueue, taskEvent } from './task-queue.ts';
import { tasksPolicy } from './tasks.policy.ts';
import * as repo from './tasks.repository.ts';

/** The task panel shows the last day's tasks (001 §2.2) and any still waiting or running. */
const PANEL_HOURS = 24;

/** The task calls of 002 §7.19: one's own tasks (the Admin's: all), cancelling, restarting, the plans. */
export class TaskService {
  private readonly deps: { db: Db; settings: SettingsService; queue: TaskQueue };
  constructor(deps: { db: Db; settings: SettingsService; queue: TaskQueue }) {
    this.deps = deps;
  }

  async list(caller: Caller) {
    const rows = await repo.recentTasks(
      this.deps.db,
      tasksPolicy.seesAll(caller.user) ? null : caller.user.id,
      PANEL_HOURS,
    );
    return this.present(caller, rows);
  }

  /** A waiting task, or a stoppable one running (a plan proposal: its worker stops at its next progress). */
  async cancelWaiting(caller: Caller, id: number) {
    const task = await this.ownTask(caller, id);
    const running = task.status === 'update' && this.deps.queue.isStoppable(task.name);
    if (task.status !== 'created' && !running) throw refusal(409, 'task_not_waiting');
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const row = await repo.updateTaskIn(tx, id, task.status, {
        status: 'cancelled',
        finishedAt: new Date(),
        lockedUntil: null,
      });
      if (!row) throw refusal(409, 'task_not_waiting');
      emit(taskEvent(row));
    });
    return this.one(caller, id);
  }

  /** A failed task waits again, its attempts counted from nothing (001 §4: clicking a failed task restarts it). */
  async restart(caller: Caller, id: number) {
    const task = await this.ownTask(caller, id);
    if (task.status !== 'failed') throw refusal(409, 'task_not_failed');
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      const row = await repo.updateTask(tx, id, {
        status: 'created',
        attempts: 0,
        error: null,
        progress: null,
        finishedAt: null,
        runAt: new Date(),
      });
      emit(taskEvent(row));
    });
    this.deps.queue.wake();
    return this.one(caller, id);
  }

  async plans(caller: Caller) {
    const tz = (await this.deps.settings.global()).TimeZone;
    return (await repo.allPlans(this.deps.db)).map((p) => presentPlan(p, tz, caller.lang));
  }

  async setPlan(caller: Caller, name: string, enabled: boolean) {
    const plan = await repo.findPlan(this.deps.db, name);
    if (!plan) throw recordNotFound(caller, 'object_task_plan', name);
    const tz = (await this.deps.settings.global()).TimeZone;
    const row = await repo.updatePlan(this.deps.db, name, {
      enabled,
      nextRunAt: enabled ? nextRun(plan.cron, tz) : null,
    });
    return presentPlan(row, tz, caller.lang);
  }

  async one(caller: Caller, id: number) {
    return (await this.present(caller, [(await repo.findTask(this.deps.db, id))!]))[0]!;
  }

  private async ownTask(caller: Caller, id: number) {
    const task = await repo.findTask(this.deps.db, id);
    if (!task || !tasksPolicy.mayHandle(caller.user, task)) throw recordNotFound(caller, 'object_task', id);
    return task;
  }

  async present(caller: Caller, rows: repo.TaskRow[]): Promise<Task[]> {
    const tz = (await this.deps.settings.global()).TimeZone;
    return rows.map((t) => ({
      taskId: t.id,
      taskName: t.name,
      status: t.status as Task['status'],
      displayText: textOf(t.displayText, caller.lang),
      progress: t.progress,
      planName: t.planName,
      errorMessage: t.error,
      keepInNotificationBar: t.keepInNotificationBar,
      discreet: t.discreet,
      returnObject: (t.result as { link: string } | null) ?? null,
      created: toLocalDateTime(t.createdAt, tz),
      finished: t.finishedAt ? toLocalDateTime(t.finishedAt, tz) : null,
    }));
  }
}

/** Display texts are stored as message keys and read in the reader's language; other text as it is. */
const textOf = (text: string, lang: string | undefined) =>
  isServerMessageKey(text) ? serverMessage(text, lang) : text;

const presentPlan = (p: repo.PlanRow, tz: string, lang: string | undefined) => ({
  Name: p.name,
  TaskName: p.taskName,
  Cron: p.cron,
  Description: textOf(p.description, lang),
  Enabled: p.enabled,
  NextRunAt: p.nextRunAt ? toLocalDateTime(p.nextRunAt, tz) : null,
  LastRunAt: p.lastRunAt ? toLocalDateTime(p.lastRunAt, tz) : null,
});
