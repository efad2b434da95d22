import type { Machine, MachineListItem } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type { Machine, MachineListItem };

/** What a machine list is narrowed by (Machine/Filtered). */
export interface MachineListFilter {
  SearchWord?: string;
  CustomerId?: number;
  MachineModelId?: number;
  MachineTypeId?: number;
  SupplierId?: number;
  IncludeInactive?: boolean;
}

export const machineKeys = {
  all: ['machines'] as const,
  list: (filter: MachineListFilter) => ['machines', 'list', filter] as const,
  detail: (id: number) => ['machines', 'detail', id] as const,
  logs: (id: number) => ['machines', 'logs', id] as const,
};

/** A page-by-page list of machines, inactive ones included (greyed by the list). */
export function useMachinePages(filter: MachineListFilter, enabled = true) {
  return usePagedList(
    machineKeys.list(filter),
    (Page, ItemsPerPage, signal) =>
      callApi(
        'machineFiltered',
        { body: { IncludeInactive: true, ...filter, Page, ItemsPerPage } },
        { signal },
      ),
    enabled,
  );
}

export function useMachine(id: number) {
  return useQuery({
    queryKey: machineKeys.detail(id),
    queryFn: ({ signal }) => callApi('machineGet', { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** The change log of a machine, newest first. */
export function useMachineLogs(id: number) {
  return usePagedList(machineKeys.logs(id), (Page, ItemsPerPage, signal) =>
    callApi('machineLogs', { query: { MachineId: id, Page, ItemsPerPage } }, { signal }),
  );
}

/** The addresses of a customer, the default delivery address first. */
export function useCustomerAddresses(customerId: number | null) {
  return useQuery({
    queryKey: ['machines', 'customer-addresses', customerId],
    queryFn: ({ signal }) => callApi('addressList', { params: { id: customerId ?? 0 } }, { signal }),
    enabled: customerId !== null && customerId > 0,
  });
}
