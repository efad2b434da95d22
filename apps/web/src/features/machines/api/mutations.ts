import type { Machine } from '@fieldport/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../../lib/api/client.ts';
import { machineKeys } from './machines.ts';

/**
 * The machine record's writes, one hook each (decision 020). The answer replaces the cached machine;
 * machine lists and the machine's log load again (`machineKeys`).
 */
function storeMachine(client: QueryClient, saved: Machine) {
  client.setQueryData(machineKeys.detail(saved.Id), saved);
  return Promise.all([
    client.invalidateQueries({ queryKey: [...machineKeys.all, 'list'] }),
    client.invalidateQueries({ queryKey: machineKeys.logs(saved.Id) }),
  ]);
}

type Body<K extends Parameters<typeof callApi>[0]> = NonNullable<CallInput<K>['body']>;

export function useCreateMachine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'machineCreate'>) => callApi('machineCreate', { body }, { notify: true }),
    onSuccess: (saved) => storeMachine(client, saved),
  });
}

/** Machine/change: one or more fields of the machine (a field committed on blur). */
export function useChangeMachine(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: Omit<Body<'machineChange'>, 'Id'>) =>
      callApi('machineChange', { body: { Id: id, ...fields } }, { notify: true }),
    onSuccess: (saved) => storeMachine(client, saved),
  });
}

/**
 * A new label link (decision 070): the machine's label token is replaced, so a printed label stops
 * working; the QR image is drawn again from the new link.
 */
export function useRenewLabelLink(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (RowVersion: number) =>
      callApi('machineChange', { body: { Id: id, NewLabelLink: true, RowVersion } }, { notify: true }),
    onSuccess: (saved) =>
      Promise.all([
        storeMachine(client, saved),
        client.invalidateQueries({ queryKey: [...machineKeys.all, 'qr-link'] }),
      ]),
  });
}

/** Reads the active state, then flips it when it is not the wanted one. */
export function useSetMachineActive(machine: Machine) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (wanted: boolean) => {
      const state = await callApi('machineGetActiveState', { params: { id: machine.Id } });
      return state.IsActive === wanted
        ? state
        : callApi('machineToggleActiveState', { params: { id: machine.Id } }, { notify: true });
    },
    onSuccess: (now) => storeMachine(client, { ...machine, IsActive: now.IsActive }),
  });
}

/** Moves the machine to another customer (and one of its delivery addresses). */
export function useChangeMachineOwner(id: number, movedText: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'machineChangeOwner'>) =>
      callApi('machineChangeOwner', { params: { id }, body }, { notify: movedText, silent: true }),
    onSuccess: (saved) => storeMachine(client, saved),
  });
}

/** Changes the machine's model, supplier and asset type. */
export function useChangeMachineModel(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'machineChangeModelInfo'>) =>
      callApi('machineChangeModelInfo', { params: { id }, body }, { notify: true, silent: true }),
    onSuccess: (saved) => storeMachine(client, saved),
  });
}
