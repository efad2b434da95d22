import type { UserInfoBundle } from '@fieldport/contract';

/**
 * The signed-in user's last user-info bundle (their name, language, permissions and settings), kept in
 * localStorage beside the tokens (002 §9) so that the installed app opens without a network on the
 * shell and My page in the user's language (issue 31.2, decision 071). It is read only when the
 * user-info call cannot reach the server, only for the user of the stored token, and it goes with
 * the tokens at sign-out.
 */
const KEY = 'fp.userInfo';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function storeUserInfo(info: UserInfoBundle): void {
  try {
    storage()?.setItem(KEY, JSON.stringify(info));
  } catch {
    // Storage full or disabled: the app then needs the network to open, as before.
  }
}

/** The stored bundle of the user `userId` (the token's subject), or null. */
export function storedUserInfo(userId: string | null): UserInfoBundle | null {
  if (!userId) return null;
  try {
    const info = JSON.parse(storage()?.getItem(KEY) ?? 'null') as UserInfoBundle | null;
    return info && String(info.UserInfo?.Id) === userId ? info : null;
  } catch {
    return null;
  }
}

export function forgetUserInfo(): void {
  storage()?.removeItem(KEY);
}
