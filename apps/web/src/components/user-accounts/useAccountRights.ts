import { CUSTOMER_TYPES, UserType, userTypeLicensed } from '@fieldport/contract';
import { useSession } from '../../lib/session.tsx';
import { useCan } from '../../lib/use-can.ts';

/**
 * Who may change an account (the users service checks the same): Admins every account, Technicians
 * and Subcontractors customer accounts only.
 */
export function useAccountRights() {
  const { info } = useSession();
  const canEditCustomerAccounts = useCan('CustomerAccount.Edit');
  const isAdmin = info?.UserInfo.UserTypeId === UserType.Admin;
  const licences = info?.Licences;
  return {
    isAdmin,
    selfId: info?.UserInfo.Id ?? 0,
    mayEdit: (userTypeId: number) =>
      isAdmin || (canEditCustomerAccounts && (CUSTOMER_TYPES as readonly number[]).includes(userTypeId)),
    /** The user types this user may give an account, among those `allowed`, within the licences. */
    creatableTypes: (allowed: readonly number[]) =>
      allowed.filter(
        (type) =>
          (isAdmin || (canEditCustomerAccounts && (CUSTOMER_TYPES as readonly number[]).includes(type))) &&
          userTypeLicensed(type, licences),
      ),
  };
}
