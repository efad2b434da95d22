/**
 * The support contact shown on the about, licence-required and logout pages. The company settings
 * (group serviceprovider: CompanyName, Email, Telephone, 001 §3) take its place once the contract
 * declares their call; until then the default applies.
 */
const DEFAULT_SUPPORT_CONTACT = {
  name: 'Fieldport',
  email: 'support@fieldport.app',
  phone: '',
} as const;

export interface SupportContact {
  name: string;
  email: string;
  phone: string;
}

export function useSupportContact(): SupportContact {
  return DEFAULT_SUPPORT_CONTACT;
}
