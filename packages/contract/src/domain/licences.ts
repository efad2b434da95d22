/** Licence keys of the user-info bundle (001 §3). */
export const LICENCE_KEYS = [
  'AutoDispatch',
  'Contracts',
  'Maps',
  'MultipleFirms',
  'ProPlus',
  'Quotation',
  'TimeReportCalendar',
  'CheckList',
  'CustomerPortal',
  'PartnerPortal',
  'CalendarMode',
] as const;
export type LicenceKey = (typeof LICENCE_KEYS)[number];

/** Feature flags (GlobalSettings.Features). */
export const FEATURE_KEYS = [
  'PublicPortalEnabled',
  'ProjectsEnabled',
  'AssetTypesEnabled',
  'LeadsEnabled',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];
