import { isCustomerType, UserType } from './user-types.ts';

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
  'PartnerCompaniesEnabled',
  'LabelReportsEnabled',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

/**
 * The portal licence a user type needs to exist (000 §6: partner and customer user types exist only
 * when the matching portal licence is present); null for staff, who need none.
 */
export function portalLicenceOf(userTypeId: number): 'CustomerPortal' | 'PartnerPortal' | null {
  if (isCustomerType(userTypeId)) return 'CustomerPortal';
  if (userTypeId === UserType.Partner) return 'PartnerPortal';
  return null;
}

/** Whether a user type exists under these licences (its portal licence, if it needs one, is present). */
export function userTypeLicensed(
  userTypeId: number,
  licences: Partial<Record<'CustomerPortal' | 'PartnerPortal', boolean>> | undefined,
): boolean {
  const needed = portalLicenceOf(userTypeId);
  return needed === null || licences?.[needed] === true;
}
