import type { Api, RouteInput } from '@fieldport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';
import { customerKeys, invalidateCustomers, invalidateGroups } from './customers.ts';

/**
 * The customer screens' writes, one hook each (decision 020). Each invalidates what it changes through
 * `customerKeys` (and the search dropdowns); a failure rejects `mutateAsync` after the client has shown
 * it (or, with `silent`, leaves it to the caller to show under a field).
 */

type Body<K extends keyof Api> = RouteInput<Api[K]> extends { body: infer B } ? B : never;
export type CustomerChange = Body<'customerChange'>;

/** PATCH customer/{id}: a text field's change is `silent` (its refusal shows under the field). */
export function useChangeCustomer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, silent = false }: { body: CustomerChange; silent?: boolean }) =>
      callApi('customerChange', { params: { id }, body }, { notify: true, silent }),
    onSuccess: async (saved) => {
      client.setQueryData(customerKeys.detail(id), saved);
      await invalidateCustomers(client);
    },
  });
}

/** Reads the active state, then flips it when it is not the wanted one. */
export function useSetCustomerActive(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (wanted: boolean) => {
      const now = await callApi('customerGetActiveState', { params: { id } });
      if (now.IsActive !== wanted)
        await callApi('customerToggleActiveState', { params: { id } }, { notify: true });
    },
    onSettled: () => invalidateCustomers(client),
  });
}

/** Reads the public state, then flips it when it is not the wanted one. */
export function useSetCustomerPublic(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (wanted: boolean) => {
      const now = await callApi('customerGetPublicState', { params: { id } });
      if (now.IsPublic === wanted) return;
      const next = await callApi('customerTogglePublicState', { params: { id } }, { notify: true });
      client.setQueryData(customerKeys.publicState(id), next);
    },
    onSettled: () => invalidateCustomers(client),
  });
}

export function useCreateCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'customerCreate'>) => callApi('customerCreate', { body }, { silent: true }),
    onSuccess: () => invalidateCustomers(client),
  });
}

/** POST customer/{id}/address: a new address (no Id) or a change; a change says 'saved'. */
export function useSaveAddress(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'addressSave'>) =>
      callApi('addressSave', { params: { id: customerId }, body }, { notify: body.Id !== undefined }),
    onSuccess: () => invalidateCustomers(client),
  });
}

export function useAddContact(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'contactAdd'>) => callApi('contactAdd', { params: { id: customerId }, body }),
    onSuccess: () => invalidateCustomers(client),
  });
}

/** A contact's change: a text field's change is `silent` (its refusal shows under the field). */
export function useUpdateContact(customerId: number, contactId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, silent = false }: { body: Body<'contactUpdate'>; silent?: boolean }) =>
      callApi('contactUpdate', { params: { id: customerId, contactId }, body }, { notify: true, silent }),
    onSuccess: async (saved) => {
      client.setQueryData(customerKeys.contact(contactId), saved);
      await invalidateCustomers(client);
    },
  });
}

/** Moves all machines of one customer to another (the merge offer of a taken customer number). */
export function useMoveAllMachines(fromId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (toId: number) =>
      callApi('machineChangeOwnerAll', { params: { fromId, toId } }, { notify: true }),
    onSuccess: () =>
      Promise.all([invalidateCustomers(client), client.invalidateQueries({ queryKey: ['machines'] })]),
  });
}

/**
 * A new customer group (with its image), or a change of the one read (`group`), sent with the row
 * version read, so a save over someone else's newer one is refused (409) rather than overwriting it.
 */
export function useSaveGroup(group: { Id: number; RowVersion: number } | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body<'customerGroupCreate'>) =>
      group === null
        ? callApi('customerGroupCreate', { body })
        : callApi(
            'customerGroupChange',
            {
              body: {
                ...body,
                CustomerGroup: { ...body.CustomerGroup, Id: group.Id, RowVersion: group.RowVersion },
              },
            },
            { notify: true },
          ),
    onSuccess: () => invalidateGroups(client),
  });
}

export function useDeleteGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('customerGroupDelete', { params: { id } }, { notify: true }),
    onSuccess: () => invalidateGroups(client),
  });
}
