import type { Api, RouteInput } from '@fieldport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';
import { useSession } from '../../lib/session.tsx';
import { accountKeys } from './api.ts';

/**
 * My account's writes, one hook each (decision 020). A failure rejects `mutateAsync` after the client
 * has shown it (or, with `silent`, leaves it to the caller to show under its field).
 */

type Body<K extends keyof Api> = RouteInput<Api[K]> extends { body: infer B } ? B : never;
export type AccountChange = Body<'changeMyAccount'>;
export type PasswordChange = Body<'myAccountChangePassword'>;

/**
 * PATCH User/MyAccount/: the own name, phone or language, told 'Saved'; the answer is the account
 * shown, and the session's user info is read again (the menu shows the name).
 */
export function useChangeMyAccount() {
  const client = useQueryClient();
  const { refreshInfo } = useSession();
  return useMutation({
    mutationFn: ({ body, silent = false }: { body: AccountChange; silent?: boolean }) =>
      callApi('changeMyAccount', { body }, { notify: true, silent }),
    onSuccess: async (saved) => {
      client.setQueryData(accountKeys.me, saved);
      await refreshInfo();
    },
  });
}

/** POST User/MyAccount/ChangePassword: the other sign-ins end, so the list is read again. */
export function useChangeOwnPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PasswordChange) => callApi('myAccountChangePassword', { body }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** DELETE User/MyAccount/Sessions/{id}: signs one own sign-in out. */
export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi('myAccountEndSession', { params: { id } }),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

/** POST User/MyAccount/Sessions/EndOthers: every own sign-in but this browser's ends. */
export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('myAccountEndOtherSessions', {}),
    onSettled: () => client.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}
