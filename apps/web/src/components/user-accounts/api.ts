import type { UserAccount } from '@fieldport/contract';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallInput, callApi } from '../../lib/api/client.ts';
import { usePagedList } from '../paged-list/index.ts';

/** What an account list is narrowed by (User/Filtered). */
export interface UserListFilter {
  SearchWord?: string;
  UserTypeIds?: readonly number[];
  CustomerId?: number;
  PartnerCompanyId?: number;
  DepartmentId?: number;
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
          ...(filter.PartnerCompanyId ? { PartnerCompanyId: filter.PartnerCompanyId } : {}),
          ...(filter.DepartmentId ? { DepartmentId: filter.DepartmentId } : {}),
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
async function storeUser(client: QueryClient, user: UserAccount) {
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

type UserChange = NonNullable<CallInput<'userChange'>['body']>;

/** A change of an account: a text field's change is `silent` (its refusal shows under the field). */
export function useChangeUser(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, silent = false }: { body: UserChange; silent?: boolean }) =>
      callApi('userChange', { params: { id }, body }, { notify: true, silent }),
    onSuccess: (user) => storeUser(client, user),
  });
}

export function useToggleUserActive(user: UserAccount) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('userToggleActive', { params: { id: user.Id } }, { notify: true }),
    onSuccess: (state) => storeUser(client, { ...user, IsActive: state.IsActive }),
  });
}

/** Mails the account a code to choose a new password; the answer's Message says so. */
export function useSendResetCode() {
  return useMutation({
    mutationFn: (emailaddress: string) => callApi('userSendResetPasswordMail', { query: { emailaddress } }),
  });
}

/** A password set by staff; the account's sessions end on the server. */
export function useSetPasswordFor(email: string) {
  return useMutation({
    mutationFn: (Password: string) =>
      callApi('userChangePasswordFor', { params: { email }, body: { Password } }, { silent: true }),
  });
}

/**
 * The partner companies a new partner account may belong to (PartnerCompany), under the partner
 * area's key for the same list, so the two share it; only asked for when `enabled`.
 */
export function usePartnerCompanyChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['partners', 'every'],
    queryFn: ({ signal }) => callApi('partnerCompanyList', undefined, { signal }),
    enabled,
  });
}
