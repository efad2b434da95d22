import type { Api, RouteOutput } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';
import { useLiveState } from '../../lib/live-state.ts';
import { isFinished, TASK_CHECK_MS } from './task-rules.ts';

export type Task = RouteOutput<Api['taskList']>[number];
export const taskKeys = { all: ['tasks'] as const, exports: ['tasks', 'exports'] as const };
export const importKeys = { one: (id: number) => ['imports', id] as const };

/** Tasks started elsewhere (another tab, a plan) are looked for this often when none is running. */
const IDLE_CHECK_MS = 30_000;

/**
 * The caller's tasks: while the live connection is up, read again when a task event makes them stale;
 * otherwise checked every 5 s while one is unfinished (000 §4), else every 30 s.
 */
export function useTaskList() {
  const connected = useLiveState().connection === 'connected';
  return useQuery({
    queryKey: taskKeys.all,
    queryFn: ({ signal }) => callApi('taskList', {}, { signal, silent: true }),
    refetchInterval: (q) =>
      connected ? false : q.state.data?.some((t) => !isFinished(t)) ? TASK_CHECK_MS : IDLE_CHECK_MS,
    refetchIntervalInBackground: false,
  });
}
