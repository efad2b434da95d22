import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';
import { type Task, taskKeys } from './api.ts';
import { refreshTasks } from './task-poller.ts';

/** The tasks' writes, one hook each (decision 020), invalidating through `taskKeys`. */

/** Starts a task, then looks for it at once (the poller and the task list). */
function useTaskStarted() {
  const client = useQueryClient();
  return () => {
    refreshTasks();
    return client.invalidateQueries({ queryKey: taskKeys.all });
  };
}

/** Starts the machine export task; the snackbar says it started. */
export function useStartMachineExport(startedText: string) {
  const onSuccess = useTaskStarted();
  return useMutation({
    mutationFn: (IncludeInactive: boolean) =>
      callApi('exportMachines', { body: { IncludeInactive } }, { notify: startedText }),
    onSuccess,
  });
}

/** Restarts a failed task. */
export function useRestartTask() {
  const onSuccess = useTaskStarted();
  return useMutation({
    mutationFn: (taskId: Task['taskId']) => callApi('taskRestart', { params: { taskId } }, { notify: true }),
    onSuccess,
  });
}

export function useDeleteExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (displayedExportDate: string) =>
      callApi('exportDelete', { query: { displayedExportDate } }, { notify: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: taskKeys.exports }),
  });
}
