import type { EXPORT_KINDS, ImportKind } from '@fieldport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';
import { importKeys, type Task, taskKeys } from './api.ts';
import { refreshTasks } from './task-poller.ts';

type ExportKind = (typeof EXPORT_KINDS)[number];

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

/** Starts an export of customers, machines or jobs (Admin → export); the snackbar says it started. */
export function useStartExport(startedText: string) {
  const onSuccess = useTaskStarted();
  return useMutation({
    mutationFn: (body: { Kind: ExportKind; IncludeInactive: boolean }) =>
      callApi('exportStart', { body }, { notify: startedText }),
    onSuccess,
  });
}

/** Uploads an import file for its preview (nothing is imported yet). */
export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: { File: File; Kind: ImportKind }) => callApi('importPreview', { body: input }),
  });
}

/** Starts the import of a previewed file as a task; its import is read again as it goes. */
export function useRunImport() {
  const onSuccess = useTaskStarted();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('importRun', { params: { id } }),
    onSuccess: (_task, id) => {
      void client.invalidateQueries({ queryKey: importKeys.one(id) });
      return onSuccess();
    },
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
