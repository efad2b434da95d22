import type { UserAccount } from '@fieldport/contract';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../lib/api/client.ts';
import { usePagedList } from '../paged-list/index.ts';

/** What an account list is narrowed by (User/Filtered). */
export interface UserListFilter {
  SearchWord?: string;
  UserTypeIds?: readonly number[];
  CustomerId?: number;
}

/** Query keys of the account screens; every write invalidates `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  list: (f: UserListFilter) => ['users', 'list', f] as const,
  detail: (id: number) => ['users', 'detail', id] as const,
};

export function useUserPages(filter: UserListFilter) {
  return usePagedList(userKeys.list(filter), (Page, ItemsPerPage, signal) =>
    callApi(
      'userFiltered',
      {
        query: {
          Page,
          ItemsPerPage,
          ...(filter.SearchWord ? { SearchWord: filter.SearchWord } : {}),
          ...(filter.UserTypeIds?.length ? { UserTypeIds: filter.UserTypeIds.join(',') } : {}),
          ...(filter.CustomerId ? { CustomerId: filter.CustomerId } : {}),
        },
      },
      { signal },
    ),
  );
}

export const userQuery = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => callApi('userGet', { params: { id } }, { signal }),
  });

/** After a write: the account's own query gets the answer, every list reloads. */
export async function storeUser(client: QueryClient, user: UserAccount) {
  client.setQueryData(userKeys.detail(user.Id), user);
  await client.invalidateQueries({ queryKey: [...userKeys.all, 'list'] });
}

type NewUser = NonNullable<CallInput<'userAdd'>['body']>;

/** User/add: the new account goes into its query and every account list reloads. */
export function useAddUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewUser) => callApi('userAdd', { body }, { silent: true }),
    onSuccess: (user) => storeUser(client, user),
  });
}
