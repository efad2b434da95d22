import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { alreadyInUse, fieldNotFound } from '../common/errors.ts';
import * as repo from './machines.repository.ts';

/** Delivery address of the owner, existing model and asset type, and a QR code no other machine has. */
export async function checkFields(
  caller: Caller,
  db: Executor,
  customerId: number,
  f: {
    Qrcode?: string | null | undefined;
    DeliveryAddressId?: number | null | undefined;
    MachineModelId?: number | null | undefined;
    AssetTypeId?: number | null | undefined;
  },
  exceptId?: number,
) {
  if (f.DeliveryAddressId && !(await repo.addressBelongsTo(db, f.DeliveryAddressId, customerId)))
    throw fieldNotFound(caller, 'DeliveryAddressId', 'object_address', f.DeliveryAddressId);
  if (f.MachineModelId && !(await repo.findModelRef(db, f.MachineModelId)))
    throw fieldNotFound(caller, 'MachineModelId', 'object_machine_model', f.MachineModelId);
  if (f.AssetTypeId && !(await repo.assetTypeExists(db, f.AssetTypeId)))
    throw fieldNotFound(caller, 'AssetTypeId', 'object_asset_type', f.AssetTypeId);
  if (f.Qrcode) {
    const holder = await repo.findByQrcode(db, f.Qrcode, exceptId);
    if (holder) throw alreadyInUse(caller, 'Qrcode', f.Qrcode, holder.name);
  }
}

/**
 * The unique index on the QR code is the guarantee (migration 0010): a machine saved concurrently with
 * one of the codes after the check gets the check's 409 all the same.
 */
export async function qrcodeTaken(
  db: Executor,
  caller: Caller,
  saved: { id?: number; qrcode: string | null | undefined }[],
  err: unknown,
) {
  const codes = saved.filter((s): s is { id?: number; qrcode: string } => Boolean(s.qrcode));
  for (const { id, qrcode } of codes) {
    const holder = await repo.findByQrcode(db, qrcode, id);
    if (holder) return alreadyInUse(caller, 'Qrcode', qrcode, holder.name);
  }
  return codes[0] ? alreadyInUse(caller, 'Qrcode', codes[0].qrcode, codes[0].qrcode) : err;
}
