import type { ERPConfig, Features, GlobalSettings, Licences } from '@fieldport/contract';

/** What a new installation has before anyone changes a setting. */
export const DEFAULT_LICENCES: Licences = {
  AutoDispatch: false,
  Contracts: false,
  Maps: false,
  MultipleFirms: false,
  ProPlus: false,
  Quotation: false,
  TimeReportCalendar: false,
  CheckList: false,
  CustomerPortal: false,
  PartnerPortal: false,
  CalendarMode: false,
};

export const DEFAULT_FEATURES: Features = {
  PublicPortalEnabled: false,
  ProjectsEnabled: false,
  AssetTypesEnabled: false,
  LeadsEnabled: false,
};

/** Standalone assembly (no ERP): nothing is read-only. */
export const DEFAULT_ERP: ERPConfig = {
  ERPBaseAssembly: 'Standalone',
  ERPFriendlyName: 'Fieldport',
  CustomerReadOnly: false,
  CustomerAddressReadOnly: false,
  CustomerPersonsReadOnly: false,
  SupplierReadOnly: false,
};

export const DEFAULT_GLOBAL: Omit<GlobalSettings, 'Features'> = {
  IsSaasMode: false,
  TimeZone: 'Europe/Oslo',
  WorkHourStart: '08:00',
  WorkHourEnd: '16:00',
  DefaultJobCategoryId: -1,
  ShowNewTimeReport: true,
  Maps: { MainLocationCoordinates: '10.7522,59.9139', GoogleMapsApiKey: null },
};

export const DEFAULT_COMPANY = {
  CompanyName: 'Fieldport',
  AddressStreet: '',
  AddressZipAndCity: '',
  Telephone: '',
  Email: 'support@fieldport.local',
};
