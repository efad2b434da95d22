import { mayManageUserType, UserType, userTypeLicensed } from '@fieldport/contract';
import { useSession } from '../../lib/session.tsx';
import { useCan } from '../../lib/use-can.ts';

/**
 * Who may change an account (the users service checks the same rule, the contract's
 * `mayManageUserType`): Admins every account, Technicians and Subcontractors with
 * CustomerAccount.Edit customer accounts only.
 */
export function useAccountRights() {
  const { info } = useSession();
  const canEditCustomerAccounts = useCan('CustomerAccount.Edit');
  const ownType = info?.UserInfo.UserTypeId ?? 0;
  const isAdmin = ownType === UserType.Admin;
  const licences = info?.Licences;
  const mayEdit = (userTypeId: number) =>
    (isAdmin || canEditCustomerAccounts) && mayManageUserType(ownType, userTypeId);
  return {
    isAdmin,
    selfId: info?.UserInfo.Id ?? 0,
    mayEdit,
    /** The user types this user may give an account, among those `allowed`, within the licences. */
    creatableTypes: (allowed: readonly number[]) =>
      allowed.filter((type) => mayEdit(type) && userTypeLicensed(type, licences)),
  };
}
