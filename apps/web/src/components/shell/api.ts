import type { Language } from '@fieldport/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../lib/api/client.ts';

/**
 * Saves the chosen language as the user's Uiculture (PATCH User/MyAccount), which otherwise would
 * switch it back at the next sign-in. No read of the account is cached; the session's user info
 * takes the new language at its next load.
 */
export function useSaveLanguage() {
  return useMutation({
    mutationFn: (language: Language) => callApi('changeMyAccount', { body: { Uiculture: language } }),
  });
}

/**
 * Remembers with the user which version of the first-time message was put away (PATCH
 * User/MyAccount's FirstTimeMessageSeen, decision 074); 0 shows it again at the next sign-in, in any
 * browser. Quiet: a failure only means the message may show once more.
 */
export function useRememberFirstTime() {
  return useMutation({
    mutationFn: (version: number) =>
      callApi('changeMyAccount', { body: { FirstTimeMessageSeen: version } }, { silent: true }),
  });
}
