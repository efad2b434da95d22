import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { callApi } from '../../../lib/api/client.ts';
import { useSession } from '../../../lib/session.tsx';
import { acquireEntraIdToken, type EntraClient } from '../entra.ts';

/**
 * The sign-in page's writes (decision 020), on the root query client: before sign-in there are no
 * cached reads to invalidate. The session shows why a sign-in failed (a red snackbar); the recovery
 * calls are silent, and their forms show the failure inline.
 */

/** An answer of `{ Success: false, Message }`: the server refused the code or the change. */
export class Refused extends Error {
  override name = 'Refused';
}

/** Password sign-in through the session (it stores the tokens and loads the user info). */
export function useSignIn() {
  const session = useSession();
  return useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => session.signIn(email, password),
  });
}

/** Microsoft sign-in: the identity token from the popup, then the session's sign-in with it. */
export function useMicrosoftSignIn() {
  const session = useSession();
  return useMutation({
    mutationFn: async (client: EntraClient) => session.signInWithMicrosoft(await acquireEntraIdToken(client)),
  });
}

/** Recovery step 1: e-mail a code (POST Accounts/RecoverPassword). */
export function useRecoverPassword() {
  return useMutation({
    mutationFn: (email: string) =>
      callApi('recoverPassword', { body: { username: email } }, { silent: true }),
  });
}

/**
 * Recovery step 2: check a code without spending it (GET Accounts/ValidateOtp). A new check cancels
 * the one still running; a refused code rejects with `Refused`.
 */
export function useValidateOtp(email: string) {
  const running = useRef<AbortController | null>(null);
  return useMutation({
    mutationFn: async (code: string) => {
      running.current?.abort();
      const ctrl = new AbortController();
      running.current = ctrl;
      const res = await callApi(
        'validateOtp',
        { query: { email, code } },
        { silent: true, signal: ctrl.signal },
      );
      if (!res.Success) throw new Refused(res.Message);
      return code;
    },
  });
}

/** Recovery step 3: the new password with the verified code (POST Accounts/ChangePassword). */
export function useRecoveryChangePassword(email: string, code: string) {
  return useMutation({
    mutationFn: async (password: string) => {
      const res = await callApi(
        'changePassword',
        { body: { Email: email, Code: code, Password: password } },
        { silent: true },
      );
      if (!res.Success) throw new Refused(res.Message);
      return password;
    },
  });
}
