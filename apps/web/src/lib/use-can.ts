import { PERMISSIONS, type PermissionName } from '@fieldport/contract';
import { useSession } from './session.tsx';

/** Whether the signed-in user's type is allowed a named permission (UserInfo.AuthorizationMatrix first). */
export function useCan(permission: PermissionName): boolean {
  const { info } = useSession();
  if (!info) return false;
  const allowed = info.AuthorizationMatrix?.[permission] ?? PERMISSIONS[permission];
  return (allowed as readonly number[]).includes(info.UserInfo.UserTypeId);
}
