import { type Api, type CounterReadingInput, type RouteOutput, toLocalDateTime } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';
import { useCompanyZone } from '../../../lib/dates.ts';
import { answerLabel } from '../../../lib/outbox/labels.ts';
import { onOutboxApplied, submitCommand } from '../../../lib/outbox/state.ts';

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

/**
 * A reading through the outbox (decision 099): with its key, sent at once when it can be, else kept on
 * the device and shown waiting under its counter. Kept, it carries the time it was taken (the company's
 * clock, when the form left it empty), not the time it reaches the server. `name` is the counter's, for
 * its words ('Operating hours: 1250'). A user without a device store puts it directly.
 */
export function usePutReading(machineId: number) {
  const client = useQueryClient();
  const zone = useCompanyZone();
  return useMutation({
    // Offline the outbox keeps the write: the query client must not hold it back (decision 099).
    networkMode: 'always',
    mutationFn: (v: { body: CounterReadingInput; name: string }) => {
      const body = { ...v.body, ReadingDate: v.body.ReadingDate || toLocalDateTime(new Date(), zone) };
      return submitCommand(
        {
          kind: 'counterReading',
          input: { jobId: null, machineId, body },
          target: `machine:${machineId}`,
          label: answerLabel(v.name, String(body.Value)),
          rowVersion: null,
        },
        () =>
          callApi(
            'counterReadingAdd',
            { body: v.body },
            { notify: true, silent: true, idempotencyKey: crypto.randomUUID() },
          ),
      );
    },
    onSuccess: (done) => (done.applied ? client.invalidateQueries({ queryKey: counterKeys.all }) : undefined),
  });
}

/** A reading the outbox put later (sent when the network came back): the counters read again. */
export function useReadingsApplied() {
  const client = useQueryClient();
  useEffect(
    () =>
      onOutboxApplied((c) => {
        if (c.kind === 'counterReading') void client.invalidateQueries({ queryKey: counterKeys.all });
      }),
    [client],
  );
}

export function useCreateCounter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { MachineId: number; CounterType: number; Name: string }) =>
      callApi('counterCreate', { body }, { notify: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => client.invalidateQueries({ queryKey: counterKeys.all }),
  });
}
