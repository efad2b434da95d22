import { lazy, Suspense } from 'react';
import { useTaskList } from './api.ts';

const TaskPanel = lazy(() => import('./TaskPanel.tsx'));

/** Looks for the user's tasks and loads the panel only when there are some: most pages never need it. */
export function TaskPanelSlot() {
  const tasks = useTaskList();
  if (!tasks.data?.length) return null;
  return (
    <Suspense fallback={null}>
      <TaskPanel tasks={tasks.data} />
    </Suspense>
  );
}
