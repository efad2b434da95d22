import { TASK_COMPLETED_REMOVE_MS, TASK_FAILED_REMOVE_MS } from '@fieldport/contract';

/** The task panel checks unfinished tasks every 5 s (000 §4). */
export const TASK_CHECK_MS = 5_000;
/** An unfinished task is slow after 5 checks, and leaves the panel after 100 (000 §4, 002 §9). */
const SLOW_AFTER_CHECKS = 5;
const DROP_AFTER_CHECKS = 100;

export interface PanelTask {
  status: 'created' | 'update' | 'completed' | 'failed' | 'cancelled';
  keepInNotificationBar: boolean;
  discreet: boolean;
}

/** Whether a task still shows, given when this browser first saw it finished and how often it checked it unfinished. */
export function stillShown(
  task: PanelTask,
  seen: { finishedAt?: number; checks: number },
  now: number,
): boolean {
  if (task.discreet || task.status === 'cancelled') return false;
  if (task.status === 'completed')
    return task.keepInNotificationBar || now - (seen.finishedAt ?? now) < TASK_COMPLETED_REMOVE_MS;
  if (task.status === 'failed') return now - (seen.finishedAt ?? now) < TASK_FAILED_REMOVE_MS;
  return seen.checks < DROP_AFTER_CHECKS;
}

export const isSlow = (task: PanelTask, checks: number) =>
  (task.status === 'created' || task.status === 'update') && checks >= SLOW_AFTER_CHECKS;

export const isFinished = (task: PanelTask) =>
  task.status === 'completed' || task.status === 'failed' || task.status === 'cancelled';
