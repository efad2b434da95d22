import { callApi } from '../../lib/api/client.ts';
import { getLiveState, subscribeLiveState } from '../../lib/live-state.ts';
import type { Task } from './api.ts';
import { isFinished, TASK_CHECK_MS } from './task-rules.ts';

/** Tasks started elsewhere (another tab, a plan) are looked for this often when none is running. */
const IDLE_CHECK_MS = 30_000;

type Listener = (tasks: Task[]) => void;
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | null = null;
let latest: Task[] = [];
let stopFollowing: (() => void) | null = null;
let wasConnected = false;

/** While the live connection is up, task events say when to look (refreshTasks); no polling. */
const live = () => getLiveState().connection === 'connected';

function schedule() {
  if (timer || listeners.size === 0 || live()) return;
  timer = setTimeout(check, latest.some((t) => !isFinished(t)) ? TASK_CHECK_MS : IDLE_CHECK_MS);
}

/**
 * The user's tasks. While the live connection is up, checked when a task event arrives and once
 * whenever it (re)connects (events may have been missed meanwhile); while it is not, polled every 5 s
 * while one is unfinished (000 §4), else every 30 s. Plain calls, not the query cache: the shell
 * watches tasks on every page, and the landing page should not download TanStack Query's observers.
 */
async function check() {
  if (timer) clearTimeout(timer);
  timer = null;
  try {
    latest = await callApi('taskList', {}, { silent: true });
    for (const l of listeners) l(latest);
  } catch {
    // A failed check is tried again at the next one.
  }
  schedule();
}

function onConnectionChange() {
  const connected = live();
  if (connected === wasConnected) return;
  wasConnected = connected;
  if (connected) {
    if (timer) clearTimeout(timer);
    timer = null;
    void check();
  } else schedule();
}

/** Calls `listener` with each new list of tasks until the returned function is called. */
export function watchTasks(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    wasConnected = live();
    stopFollowing = subscribeLiveState(onConnectionChange);
    void check();
  } else listener(latest);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopFollowing?.();
    stopFollowing = null;
    if (timer) clearTimeout(timer);
    timer = null;
  };
}

/** Checks at once: a task event arrived, or a task was just started or restarted here. */
export const refreshTasks = () => {
  if (listeners.size > 0) void check();
};
