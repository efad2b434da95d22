import { toLanguage, type UserInfoBundle } from '@fieldport/contract';
import { setLanguage } from '../i18n/index.ts';
import { emitNotice } from './api/notices.ts';
import { USER_INFO_KEY } from './stored-user-info.ts';

/** The stored bundle of the user `userId` (the token's subject), or null. */
export function storedUserInfo(userId: string | null): UserInfoBundle | null {
  try {
    const info = JSON.parse(localStorage.getItem(USER_INFO_KEY) ?? 'null') as UserInfoBundle | null;
    return userId && info && String(info.UserInfo?.Id) === userId ? info : null;
  } catch {
    return null;
  }
}

/**
 * The installed app opened without a network (issue 31.2, decision 071): the stored user info of the
 * token's user, in their language, with a word that the device is offline (and `onBackOnline` called
 * when the connection is back, to read the user info again); null when there is none.
 * Loaded only when the user-info call could not reach the server (from the precache when offline),
 * so the first download does not carry it.
 */
export async function openOffline(
  userId: string | null,
  onBackOnline: () => void,
): Promise<UserInfoBundle | null> {
  const info = storedUserInfo(userId);
  if (!info) return null;
  window.addEventListener('online', onBackOnline, { once: true });
  if (info.UserInfo.Uiculture) {
    try {
      await setLanguage(toLanguage(info.UserInfo.Uiculture));
    } catch {
      // The language's files are not on the device: stay in the current language.
    }
  }
  emitNotice({ textKey: 'offline', severity: 'warning' });
  return info;
}
