import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

/** Query keys of the customer screens; every write invalidates `customerKeys.all`. */
export const customerKeys = {
  all: ['customers'] as const,
  list: (search: string) => ['customers', 'list', search] as const,
  detail: (id: number) => ['customers', 'detail', id] as const,
  addresses: (id: number) => ['customers', 'addresses', id] as const,
  contacts: (id: number) => ['customers', 'contacts', id] as const,
  contact: (id: number) => ['customers', 'contact', id] as const,
  logs: (id: number) => ['customers', 'logs', id] as const,
  machines: (id: number, search: string) => ['customers', 'machines', id, search] as const,
  publicState: (id: number) => ['customers', 'public', id] as const,
  groups: (search: string) => ['customer-groups', 'list', search] as const,
  group: (id: number) => ['customer-groups', 'detail', id] as const,
  groupCustomers: (id: number) => ['customers', 'by-group', id] as const,
};

/** The customers, 50 a page, the next page loaded at 90 percent scroll (001 §9). */
export const useCustomerList = (search: string) =>
  usePagedList(customerKeys.list(search), (Page, ItemsPerPage, signal) =>
    callApi(
      'customerFiltered',
      { query: { Page, ItemsPerPage, ...(search ? { SearchWord: search } : {}) } },
      { signal },
    ),
  );

export const customerQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => callApi('customerGet', { query: { id } }, { signal }),
  });

export const addressesQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.addresses(id),
    queryFn: ({ signal }) => callApi('addressList', { params: { id } }, { signal }),
  });

export const contactsQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.contacts(id),
    queryFn: ({ signal }) => callApi('contactList', { params: { id } }, { signal }),
  });

export const contactQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.contact(id),
    queryFn: ({ signal }) => callApi('contactGet', { params: { id } }, { signal }),
  });

export const publicStateQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.publicState(id),
    queryFn: ({ signal }) => callApi('customerGetPublicState', { params: { id } }, { signal }),
  });

export const useCustomerLogs = (id: number) =>
  usePagedList(customerKeys.logs(id), (Page, ItemsPerPage, signal) =>
    callApi('customerLogs', { query: { CustomerId: id, Page, ItemsPerPage } }, { signal }),
  );

/** The customer's machines, inactive ones included (machine/search with CustomerId, IncludeInactive). */
export const customerMachinesQuery = (id: number, search: string) =>
  queryOptions({
    queryKey: customerKeys.machines(id, search),
    queryFn: ({ signal }) =>
      callApi(
        'machineSearch',
        {
          query: {
            CustomerId: id,
            IncludeInactive: true,
            limit: 1000,
            ...(search ? { searchQuery: search } : {}),
          },
        },
        { signal },
      ),
  });

export const useCustomerGroups = (search: string) =>
  usePagedList(customerKeys.groups(search), (Page, ItemsPerPage, signal) =>
    callApi(
      'customerGroupFiltered',
      { query: { Page, ItemsPerPage, ...(search ? { SearchWord: search } : {}) } },
      { signal },
    ),
  );

export const customerGroupQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.group(id),
    queryFn: ({ signal }) => callApi('customerGroupGet', { params: { id } }, { signal }),
  });

export const useGroupCustomers = (groupId: number) =>
  usePagedList(customerKeys.groupCustomers(groupId), (Page, ItemsPerPage, signal) =>
    callApi('customerFiltered', { query: { Page, ItemsPerPage, CustomerGroupId: groupId } }, { signal }),
  );

/** After any write to a customer, its address or contact: lists, details and logs reload. */
export function invalidateCustomers(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: customerKeys.all }),
    client.invalidateQueries({ queryKey: ['search-dropdown'] }),
  ]).then(() => undefined);
}

export function invalidateGroups(client: QueryClient): Promise<void> {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['customer-groups'] }),
    client.invalidateQueries({ queryKey: customerKeys.all }),
    client.invalidateQueries({ queryKey: ['search-dropdown'] }),
  ]).then(() => undefined);
}
