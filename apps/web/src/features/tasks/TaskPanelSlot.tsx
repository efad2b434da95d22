import { lazy, Suspense, useEffect, useState } from 'react';
import { AFTER_FIRST_PAGE_MS } from '../../lib/after-first-page.ts';
import type { Task } from './api.ts';

const TaskPanel = lazy(() => import('./TaskPanel.tsx'));

const poller = () => import('./task-poller.ts');

/** Checks the user's tasks at once (a task event arrived); nothing before the watcher has loaded. */
export function checkTasks(): void {
  void poller().then((m) => m.refreshTasks());
}

/**
 * Watches the user's tasks and loads the panel only when there are some: most pages never need it.
 * The watcher itself loads once the first page has settled, not with it.
 */
export function TaskPanelSlot() {
  const [tasks, setTasks] = useState<Task[]>([]);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const timer = setTimeout(
      () =>
        void poller().then((m) => {
          if (!cancelled) stop = m.watchTasks(setTasks);
        }),
      AFTER_FIRST_PAGE_MS,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, []);
  if (tasks.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <TaskPanel tasks={tasks} />
    </Suspense>
  );
}
