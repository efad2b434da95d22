import { useSession } from '../../../lib/session.tsx';
import { useCan } from '../../../lib/use-can.ts';

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
