import type { Api, RouteOutput } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type NextOrderItem = RouteOutput<Api['nextOrders']>['Content'][number];
export type AgreementItem = RouteOutput<Api['serviceAgreementList']>['Content'][number];
export type ContractTypeItem = RouteOutput<Api['contractTypeList']>[number];

/** Every agreements answer sits under ['agreements']: a change reads them all again. */
export const agreementKeys = {
  all: ['agreements'] as const,
  types: ['agreements', 'types'] as const,
  /** The Admin's list of contract types (ours), with names per language and counts. */
  contractTypes: ['agreements', 'contract-types'] as const,
  contracts: (filter: object) => ['agreements', 'contracts', filter] as const,
  contract: (id: number) => ['agreements', 'contract', id] as const,
  list: (search: string) => ['agreements', 'service-agreements', search] as const,
  nextOrders: (toDate: string, search = '') => ['agreements', 'next-orders', toDate, search] as const,
};

/** The contract types with their icon and count (the Agreements menu; refreshed every 300 s, 002 §7). */
export function useContractTypes(enabled = true) {
  return useQuery({
    queryKey: agreementKeys.types,
    queryFn: ({ signal }) => callApi('contractTypeMap', {}, { signal, silent: true }),
    enabled,
    staleTime: 300_000,
    refetchInterval: 300_000,
  });
}

/** Every contract type, active or not, as the Admin keeps them (GET ContractType, ours). */
export function useContractTypeRecords() {
  return useQuery({
    queryKey: agreementKeys.contractTypes,
    queryFn: ({ signal }) => callApi('contractTypeList', {}, { signal }),
  });
}

export function useContracts(filter: { ContractTypeId?: string; CustomerId?: string; SearchWord?: string }) {
  return usePagedList(agreementKeys.contracts(filter), (Page, ItemsPerPage, signal) =>
    callApi('contractFiltered', { query: { Page, ItemsPerPage, ...filter } }, { signal }),
  );
}

export function useContract(id: number | null) {
  return useQuery({
    queryKey: agreementKeys.contract(id ?? 0),
    queryFn: ({ signal }) => callApi('contractGet', { params: { id: id! } }, { signal }),
    enabled: id !== null,
  });
}

export function useServiceAgreements(search: string) {
  return usePagedList(agreementKeys.list(search), (Page, ItemsPerPage, signal) =>
    callApi(
      'serviceAgreementList',
      { query: { Page, ItemsPerPage, IncludeInactive: 'true', ...(search ? { SearchWord: search } : {}) } },
      { signal },
    ),
  );
}

export function useNextOrders(toDate: string, search: string) {
  return usePagedList(agreementKeys.nextOrders(toDate, search), (Page, ItemsPerPage, signal) =>
    callApi(
      'nextOrders',
      {
        query: {
          Page,
          ItemsPerPage,
          ...(toDate ? { ToDate: toDate } : {}),
          ...(search ? { SearchWord: search } : {}),
        },
      },
      { signal },
    ),
  );
}
