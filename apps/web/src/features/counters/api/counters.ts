import type { Api, CounterReadingInput, RouteOutput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type CounterItem = RouteOutput<Api['counterGet']>;
export type ReadingItem = RouteOutput<Api['counterHistory']>['Content'][number];

/** Every counter answer sits under ['counters']: a reading or the counter event reads them all again. */
export const counterKeys = {
  all: ['counters'] as const,
  list: (search: string) => ['counters', 'list', search] as const,
  one: (id: number) => ['counters', 'one', id] as const,
  ofMachine: (machineId: number) => ['counters', 'machine', machineId] as const,
  history: (machineId: number, counterId: number) => ['counters', 'history', machineId, counterId] as const,
};

export function useCounterList(search: string) {
  return usePagedList(counterKeys.list(search), (Page, ItemsPerPage, signal) =>
    callApi(
      'counterFiltered',
      { query: { Page, ItemsPerPage, IncludeInactive: 'true', ...(search ? { SearchWord: search } : {}) } },
      { signal },
    ),
  );
}

export function useCounter(id: number) {
  return useQuery({
    queryKey: counterKeys.one(id),
    queryFn: ({ signal }) => callApi('counterGet', { params: { id } }, { signal }),
  });
}

export function useMachineCounters(machineId: number) {
  return useQuery({
    queryKey: counterKeys.ofMachine(machineId),
    queryFn: ({ signal }) => callApi('counterOfMachine', { params: { id: machineId } }, { signal }),
  });
}

/** A counter's last year of readings (at most 400), newest first. */
export function useCounterHistory(machineId: number, counterId: number) {
  return useQuery({
    queryKey: counterKeys.history(machineId, counterId),
    queryFn: ({ signal }) =>
      callApi(
        'counterHistory',
        { params: { id: machineId }, query: { CounterId: String(counterId), ItemsPerPage: 400 } },
        { signal },
      ),
  });
}

export function usePutReading() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CounterReadingInput) =>
      callApi(
        'counterReadingAdd',
        { body },
        { notify: true, silent: true, idempotencyKey: crypto.randomUUID() },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: counterKeys.all }),
  });
}

export function useCreateCounter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { MachineId: number; CounterType: number; Name: string }) =>
      callApi('counterCreate', { body }, { notify: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => client.invalidateQueries({ queryKey: counterKeys.all }),
  });
}
