import type { Language, Machine, MachineListItem } from '@fieldport/contract';
import { localRef } from '../common/named-ref.ts';
import { presentAddress } from '../customers/customers.presenter.ts';
import type { MachineDetailRow, MachineRow } from './machines.repository.ts';

const ref = (r: { id: number | null; name: string | null } | null) =>
  r && r.id !== null && r.name !== null ? { Id: r.id, Name: r.name } : null;

/** 'Kaeser SM 12 – Workshop (KSR0012345)': the name with the serial number when there is one. */
export const machineDisplayName = (m: Pick<MachineRow, 'name' | 'serialNumber'>) =>
  m.serialNumber ? `${m.name} (${m.serialNumber})` : m.name;

export function presentMachineListItem(r: MachineDetailRow, lang: Language): MachineListItem {
  const m = r.machine;
  const model = ref(r.model);
  return {
    Id: m.id,
    DisplayName: machineDisplayName(m),
    Name: m.name,
    SerialNumber: m.serialNumber,
    Qrcode: m.qrcode,
    IsActive: m.isActive,
    CustomerId: m.customerId,
    CustomerName: r.customerName,
    MachineModel: model ? { ...model, MachineType: localRef(r.type, lang) } : null,
    AssetType: ref(r.assetType),
  };
}

export function presentMachine(r: MachineDetailRow, lang: Language): Machine {
  const m = r.machine;
  return {
    ...presentMachineListItem(r, lang),
    MachineModelId: m.machineModelId,
    AssetTypeId: m.assetTypeId,
    Supplier: ref(r.supplier),
    DeliveryAddressId: m.deliveryAddressId,
    DeliveryAddress: r.address ? presentAddress(r.address, r.defaultAddressId) : null,
    InstallDate: m.installDate,
    PartnerCompanyId: m.partnerCompanyId,
    LabelReportsExcluded: m.labelReportsExcluded,
    RowVersion: m.rowVersion,
  };
}

/** The machine's fields as the change log names them. */
export const loggedMachineFields = (m: MachineRow) => ({
  Name: m.name,
  SerialNumber: m.serialNumber,
  Qrcode: m.qrcode,
  CustomerId: m.customerId,
  DeliveryAddressId: m.deliveryAddressId,
  MachineModelId: m.machineModelId,
  AssetTypeId: m.assetTypeId,
  InstallDate: m.installDate,
  IsActive: m.isActive,
  PartnerCompanyId: m.partnerCompanyId,
  LabelReportsExcluded: m.labelReportsExcluded,
});
