import { LIST_INITIAL_RENDER } from '@fieldport/contract';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
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

/** Pages of LIST_INITIAL_RENDER (50): the first page rendered, the next loaded while scrolling (001 §9). */
const pageParams = {
  initialPageParam: 1,
  getNextPageParam: (last: { Content: unknown[]; TotalCount: number }, pages: { Content: unknown[] }[]) => {
    const loaded = pages.reduce((n, p) => n + p.Content.length, 0);
    return loaded < last.TotalCount && last.Content.length > 0 ? pages.length + 1 : undefined;
  },
};

export const customerListQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: customerKeys.list(search),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        'customerFiltered',
        {
          query: {
            Page: pageParam,
            ItemsPerPage: LIST_INITIAL_RENDER,
            ...(search ? { SearchWord: search } : {}),
          },
        },
        { signal },
      ),
    ...pageParams,
  });

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

export const customerLogsQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: customerKeys.logs(id),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        'customerLogs',
        { query: { CustomerId: id, Page: pageParam, ItemsPerPage: LIST_INITIAL_RENDER } },
        { signal },
      ),
    ...pageParams,
  });

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

export const customerGroupsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: customerKeys.groups(search),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        'customerGroupFiltered',
        {
          query: {
            Page: pageParam,
            ItemsPerPage: LIST_INITIAL_RENDER,
            ...(search ? { SearchWord: search } : {}),
          },
        },
        { signal },
      ),
    ...pageParams,
  });

export const customerGroupQuery = (id: number) =>
  queryOptions({
    queryKey: customerKeys.group(id),
    queryFn: ({ signal }) => callApi('customerGroupGet', { params: { id } }, { signal }),
  });

export const groupCustomersQuery = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: customerKeys.groupCustomers(groupId),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        'customerFiltered',
        { query: { Page: pageParam, ItemsPerPage: LIST_INITIAL_RENDER, CustomerGroupId: groupId } },
        { signal },
      ),
    ...pageParams,
  });

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
