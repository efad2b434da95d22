import {
  EMAIL_TEMPLATES,
  type ERPConfig,
  emailSettingNames,
  type Features,
  type GlobalSettings,
  LEAD_EMAIL_SETTINGS,
  type Licences,
  PASSWORD_MIN_LENGTH,
  STATUS_LINK_HOURS_DEFAULT,
} from '@fieldport/contract';

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
  PartnerCompaniesEnabled: false,
  LabelReportsEnabled: false,
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
  PasswordMinLength: PASSWORD_MIN_LENGTH,
  TravelRoadFactor: 1.3,
  TravelSpeedKmh: 60,
  WorkDayHours: 8,
  StatusLinkHours: STATUS_LINK_HOURS_DEFAULT,
  Maps: { MainLocationCoordinates: '10.7522,59.9139', GoogleMapsApiKey: null },
};

export const DEFAULT_COMPANY: {
  CompanyName: string;
  AddressStreet: string;
  AddressZipAndCity: string;
  Telephone: string;
  Email: string;
  /** Set by settings/UpdateLogo; null: the built-in logo. */
  LogoPath: string | null;
} = {
  CompanyName: 'Fieldport',
  AddressStreet: '',
  AddressZipAndCity: '',
  Telephone: '',
  Email: 'support@fieldport.local',
  LogoPath: null,
};

/** The e-mail templates' defaults: off, with a plain subject and body the Admin rewrites. */
const TEMPLATE_TEXT: Record<string, { subject: string; body: string; sms?: string }> = {
  NewJob: {
    subject: 'New job {JobId}',
    body: 'A new job {JobId} has been registered for {CustomerName}.',
    sms: 'New job {JobId} registered by {CompanyName}.',
  },
  ConfirmedCustomerSupport: {
    subject: 'Job {JobId} for {CustomerName} is confirmed',
    body: 'Job {JobId} ({JobName}) for {CustomerName}, {DeliveryAddress}, is confirmed and planned. Contact: {ContactName}.',
  },
  ConfirmedEmail: {
    subject: 'Job {JobId} is confirmed',
    body: 'Hello {ContactName}, your job {JobId} for {CustomerName} at {DeliveryAddress} is confirmed and planned. Follow it here: {StatusLink}\n\n{CompanyName}',
    sms: 'Job {JobId} is confirmed and planned: {StatusLink} {CompanyName}',
  },
  OnMyWay: {
    subject: 'The technician is on the way: job {JobId}',
    body: 'Hello {ContactName}, our technician is on the way to {DeliveryAddress}. Follow the visit and the arrival estimate here: {StatusLink}\n\n{CompanyName}',
    sms: 'Our technician is on the way. Arrival estimate: {StatusLink} {CompanyName}',
  },
  CompletedJob: {
    subject: 'Job {JobId} is completed',
    body: 'Job {JobId} for {CustomerName} has been completed.',
    sms: 'Job {JobId} is completed. {CompanyName}',
  },
};
export const DEFAULT_EMAIL: Record<string, boolean | string> = {
  ...Object.fromEntries(
    Object.values(EMAIL_TEMPLATES).flatMap((prefix) => {
      const n = emailSettingNames(prefix);
      const text = TEMPLATE_TEXT[prefix]!;
      return [
        [n.enabled, false],
        [n.subject, text.subject],
        [n.body, text.body],
        [n.smsEnabled, false],
        [n.smsText, text.sms ?? text.subject],
      ];
    }),
  ),
  // The new-lead mail: off, to nobody, until the Admin names the address on the lead e-mail page.
  [LEAD_EMAIL_SETTINGS.enabled]: false,
  [LEAD_EMAIL_SETTINGS.to]: '',
  [LEAD_EMAIL_SETTINGS.subject]: 'New lead: {LeadName}',
  [LEAD_EMAIL_SETTINGS.body]:
    'A new lead has been registered by {LeadCreatedBy}.\n\n{LeadName}\n{LeadContactName}, {LeadEmail}, {LeadPhone}\n{LeadAddress}\n\n{LeadDescription}',
};
