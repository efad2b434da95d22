import { PASSWORD_MIN_LENGTH } from '@fieldport/contract';
import { useSession } from '../../lib/session.tsx';

/**
 * The shortest new password the company allows (GlobalSettings.PasswordMinLength, the Admin's setting;
 * decision 060), from the signed-in user's info; the documents' 6 before sign-in (the server checks it too).
 */
export function usePasswordMinLength(): number {
  return useSession().info?.GlobalSettings.PasswordMinLength ?? PASSWORD_MIN_LENGTH;
}
