import { lazy, Suspense, useEffect, useState } from 'react';
import type { Task } from './api.ts';
import { watchTasks } from './task-poller.ts';

const TaskPanel = lazy(() => import('./TaskPanel.tsx'));

/** Watches the user's tasks and loads the panel only when there are some: most pages never need it. */
export function TaskPanelSlot() {
  const [tasks, setTasks] = useState<Task[]>([]);
  useEffect(() => watchTasks(setTasks), []);
  if (tasks.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <TaskPanel tasks={tasks} />
    </Suspense>
  );
}
