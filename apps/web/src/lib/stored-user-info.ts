import type { UserInfoBundle } from '@fieldport/contract';

/**
 * The signed-in user's last user-info bundle (their name, language, permissions and settings), kept in
 * localStorage beside the tokens (002 §9) so that the installed app opens without a network on the
 * shell and My page in the user's language (issue 31.2, decision 071; read by offline-session.ts only
 * when the user-info call cannot reach the server, for the token's user). It goes with the tokens at
 * sign-out. Storage full or disabled: the app then needs the network to open, as before.
 */
export const USER_INFO_KEY = 'fp.userInfo';

export function storeUserInfo(info: UserInfoBundle): void {
  try {
    localStorage.setItem(USER_INFO_KEY, JSON.stringify(info));
  } catch {}
}

export function forgetUserInfo(): void {
  try {
    localStorage.removeItem(USER_INFO_KEY);
  } catch {}
}
