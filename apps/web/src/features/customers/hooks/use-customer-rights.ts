import { PERMISSIONS, type PermissionName, type UserInfoBundle } from '@fieldport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.tsx';

export interface CustomerRights {
  /** New customer (001 §6): the standalone assembly only, not when the ERP owns customers, and Customer.Edit. */
  canCreate: boolean;
  canEditCustomer: boolean;
  canEditAddress: boolean;
  canEditContact: boolean;
  canEditGroups: boolean;
  /** ERP read-only flags: each is read-only unless explicitly false (001 §3). */
  customerReadOnly: boolean;
  addressReadOnly: boolean;
  contactReadOnly: boolean;
  erpName: string;
  publicPortal: boolean;
  /** The Admin's switch of the customer's label fault reports, while the feature is on (decision 085). */
  labelReports: boolean;
}

function rightsOf(info: UserInfoBundle | null): CustomerRights {
  const type = info?.UserInfo.UserTypeId ?? 0;
  const allowed = (p: PermissionName) =>
    ((info?.AuthorizationMatrix[p] ?? PERMISSIONS[p]) as readonly number[]).includes(type);
  const erp = info?.ERPConfig;
  const customerReadOnly = erp?.CustomerReadOnly !== false;
  return {
    canCreate: erp?.ERPBaseAssembly === 'Standalone' && !customerReadOnly && allowed('Customer.Edit'),
    canEditCustomer: allowed('Customer.Edit'),
    canEditAddress: allowed('Address.Edit'),
    canEditContact: allowed('Contact.Edit'),
    canEditGroups: allowed('Module.Admin'),
    customerReadOnly,
    addressReadOnly: erp?.CustomerAddressReadOnly !== false,
    contactReadOnly: erp?.CustomerPersonsReadOnly !== false,
    erpName: erp?.ERPFriendlyName || erp?.ERPBaseAssembly || 'ERP',
    publicPortal: info?.GlobalSettings.Features.PublicPortalEnabled === true,
    labelReports: type === 1 && info?.GlobalSettings.Features.LabelReportsEnabled === true,
  };
}

export function useCustomerRights(): CustomerRights {
  const { info } = useSession();
  return useMemo(() => rightsOf(info), [info]);
}

/**
 * Why a field cannot be changed, or null when it can: the ERP's refusal text of the documents
 * ('{erp} does not allow servicesystem to change this {object}...') or 'You dont have permission to
 * edit this'.
 */
export function useLockReason(
  object: 'customer' | 'address' | 'contact',
): (opts?: { erpOwned?: boolean }) => string | null {
  const rights = useCustomerRights();
  const { t } = useTranslation(['server', 'customers']);
  return (opts) => {
    const readOnly =
      object === 'customer'
        ? rights.customerReadOnly
        : object === 'address'
          ? rights.addressReadOnly
          : rights.contactReadOnly;
    const may =
      object === 'customer'
        ? rights.canEditCustomer
        : object === 'address'
          ? rights.canEditAddress
          : rights.canEditContact;
    if (readOnly || opts?.erpOwned)
      return t('server:erp_change_refused', { erp: rights.erpName, object: t(`server:object_${object}`) });
    if (!may) return t('customers:no_permission_edit');
    return null;
  };
}
