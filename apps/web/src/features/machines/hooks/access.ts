import { PERMISSIONS, type PermissionName } from '@fieldport/contract';
import { useSession } from '../../auth/session.tsx';

/** Whether the signed-in user's type is allowed a named permission (UserInfo.AuthorizationMatrix first). */
export function useCan(permission: PermissionName): boolean {
  const { info } = useSession();
  if (!info) return false;
  const allowed = info.AuthorizationMatrix?.[permission] ?? PERMISSIONS[permission];
  return (allowed as readonly number[]).includes(info.UserInfo.UserTypeId);
}

/** Create and edit of machines (001 §6: Admin, Technician, Subcontractor). */
export const useCanEditMachines = () => useCan('Machine.Edit');

/** Machine models, types and suppliers are written by administrators (the contract's PIM routes). */
export const useCanEditPim = () => useCan('Module.Admin');

/**
 * Suppliers are read-only when the ERP owns them (ERPConfig.SupplierReadOnly: read-only unless explicitly
 * false, 001 §3) or for users who may not edit reference data; then the New button is hidden too (001 §6).
 */
export function useSuppliersReadOnly(): boolean {
  const { info } = useSession();
  const canEdit = useCanEditPim();
  return !canEdit || info?.ERPConfig.SupplierReadOnly !== false;
}

/** Asset types are shown only with their feature on (AssetTypesEnabled). */
export function useAssetTypesEnabled(): boolean {
  const { info } = useSession();
  return info?.GlobalSettings.Features.AssetTypesEnabled === true;
}
