import type { Machine, MachineListItem } from '@fieldport/contract';

/** Machines and customers as the server presents them, for the feature's tests. */
export function listItem(id: number, over: Partial<MachineListItem> = {}): MachineListItem {
  return {
    Id: id,
    DisplayName: `Machine ${id}`,
    Name: `Machine ${id}`,
    SerialNumber: `SN-${id}`,
    Qrcode: null,
    IsActive: true,
    CustomerId: 10,
    CustomerName: 'Fjord Fisk AS',
    MachineModel: { Id: 3, Name: 'Hydro 200', MachineType: { Id: 4, Name: 'Pump' } },
    AssetType: null,
    ...over,
  };
}

export function machine(id: number, over: Partial<Machine> = {}): Machine {
  return {
    ...listItem(id),
    MachineModelId: 3,
    AssetTypeId: null,
    Supplier: { Id: 5, Name: 'Nordpump' },
    DeliveryAddressId: null,
    DeliveryAddress: null,
    InstallDate: null,
    PartnerCompanyId: null,
    LabelReportsExcluded: false,
    RowVersion: 1,
    ...over,
  };
}

export function customer(id: number, name: string, active = true) {
  return {
    Id: id,
    CustomerNumber: String(1000 + id),
    Name: name,
    IsActive: active,
    DefaultDeliveryAddress: null,
  };
}

export function address(id: number, customerId: number, name: string, isDefault = false) {
  return {
    Id: id,
    CustomerId: customerId,
    Name: name,
    DisplayName: `${name}, Storgata ${id}, 0150 Oslo`,
    Street: `Storgata ${id}`,
    Zip: '0150',
    City: 'Oslo',
    County: '',
    Country: 'NO',
    Latitude: null,
    Longitude: null,
    IsDelivery: true,
    IsInvoice: false,
    IsDefault: isDefault,
    IsReadOnly: false,
  };
}
