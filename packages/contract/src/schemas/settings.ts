import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, PASSWORD_MIN_LENGTH_MAX } from '../rules/password.ts';
import { parseWorkHour } from '../rules/work-hours.ts';
import { line, optionalEmail, optionalPhone, requiredLine } from './fields.ts';
import { STATUS_LINK_HOURS_MAX } from './status-links.ts';
import { Features } from './user-info.ts';

/** The groups of settings (002 §7.19). Licences are the vendor's and the ERP's are the ERP's: read only. */
export const SETTING_GROUPS = [
  'serviceprovider',
  'global',
  'features',
  'email',
  'fieldmapping',
  'licences',
  'erp',
] as const;
export type SettingGroupName = (typeof SETTING_GROUPS)[number];
export const WRITABLE_SETTING_GROUPS = [
  'serviceprovider',
  'global',
  'features',
  'email',
  'fieldmapping',
] as const;
export type WritableSettingGroup = (typeof WRITABLE_SETTING_GROUPS)[number];

/** Company settings, group serviceprovider (001 §3). LogoPath is set by settings/UpdateLogo only. */
export const CompanySettingsInput = z.object({
  CompanyName: requiredLine(200),
  AddressStreet: line(200),
  AddressZipAndCity: line(200),
  Telephone: optionalPhone,
  Email: optionalEmail,
});

const WorkHour = z.string().refine((v) => parseWorkHour(v) !== null, 'Must be a time as hh:mm.');
const isTimeZone = (v: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: v });
    return true;
  } catch {
    return false;
  }
};
/** 'longitude,latitude' (000 §3 Maps.MainLocationCoordinates). */
const LngLat = z.string().refine((v) => {
  const [lng, lat, more] = v.split(',').map((x) => Number(x.trim()));
  return (
    more === undefined &&
    lng !== undefined &&
    lat !== undefined &&
    Math.abs(lng) <= 180 &&
    Math.abs(lat) <= 90
  );
}, 'Must be longitude,latitude.');

const statusHoursMessage = `Must be a whole number of hours from 1 to ${STATUS_LINK_HOURS_MAX}.`;
const workDayMessage = 'Must be a number of hours from 1 to 24 in quarter hours, such as 7.5.';
const minLengthMessage = `Must be a whole number from ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MIN_LENGTH_MAX}.`;
/** The shortest password the company allows: the documents' 6, or more (decision 060). */
const PasswordMinLength = z
  .number({ error: minLengthMessage })
  .int(minLengthMessage)
  .min(PASSWORD_MIN_LENGTH, minLengthMessage)
  .max(PASSWORD_MIN_LENGTH_MAX, minLengthMessage);

/**
 * Global settings the Admin keeps (IsSaasMode is the host's). Work hours end after they start.
 * PasswordMinLength raises the new-password rules' minimum length (decision 060).
 */
export const GlobalSettingsInput = z
  .object({
    TimeZone: z.string().refine(isTimeZone, 'Must be a time zone such as Europe/Oslo.'),
    WorkHourStart: WorkHour,
    WorkHourEnd: WorkHour,
    DefaultJobCategoryId: z.number().int().min(-1, 'Must be -1 (none) or a job category.'),
    ShowNewTimeReport: z.boolean(),
    PasswordMinLength,
    TravelRoadFactor: z
      .number({ error: 'Must be a number from 1 to 3.' })
      .min(1, 'Must be a number from 1 to 3.')
      .max(3, 'Must be a number from 1 to 3.'),
    TravelSpeedKmh: z
      .number({ error: 'Must be a speed from 5 to 150 km/h.' })
      .min(5, 'Must be a speed from 5 to 150 km/h.')
      .max(150, 'Must be a speed from 5 to 150 km/h.'),
    Maps: z.object({ MainLocationCoordinates: LngLat, GoogleMapsApiKey: z.string().max(200).nullable() }),
    /** The length of a work day the planner's load bars measure against (issue 30), in quarter hours. */
    WorkDayHours: z
      .number({ error: workDayMessage })
      .min(1, workDayMessage)
      .max(24, workDayMessage)
      .refine((v) => Number.isInteger(v * 4), workDayMessage),
    /** Hours a customer's status link still opens after the job's last visit (decision 072). */
    StatusLinkHours: z
      .number({ error: statusHoursMessage })
      .int(statusHoursMessage)
      .min(1, statusHoursMessage)
      .max(STATUS_LINK_HOURS_MAX, statusHoursMessage),
  })
  .partial()
  .strict();

/** The e-mail templates of 001 §2.4, each with its switch, subject and body settings. */
export const EMAIL_TEMPLATES = {
  newjob: 'NewJob',
  'confirmed-customer-support': 'ConfirmedCustomerSupport',
  'confirmed-email': 'ConfirmedEmail',
  completedJob: 'CompletedJob',
  /** The technician set out to the job's appointment (decision 072): the contact's status link. */
  onmyway: 'OnMyWay',
} as const;
export const emailSettingNames = (prefix: string) => ({
  enabled: `${prefix}EmailEnabled`,
  subject: `${prefix}EmailSubject`,
  body: `${prefix}EmailBody`,
  /** The same message as a text (SMS) to contacts who allow it: its own switch and text. */
  smsEnabled: `${prefix}SmsEnabled`,
  smsText: `${prefix}SmsText`,
});
export type EmailTemplateKey = keyof typeof EMAIL_TEMPLATES;
export const isEmailTemplateKey = (key: string): key is EmailTemplateKey =>
  Object.hasOwn(EMAIL_TEMPLATES, key);
/**
 * The new-lead mail (the Admin's lead e-mail page, LeadsEnabled): when a lead is registered and the
 * switch is on, a mail from this template goes to the address (the sales team's), through a task.
 */
export const LEAD_EMAIL_SETTINGS = {
  enabled: 'NewLeadEmailEnabled',
  to: 'NewLeadEmailTo',
  subject: 'NewLeadEmailSubject',
  body: 'NewLeadEmailBody',
} as const;
/** Whether a setting of the e-mail group is the new-lead mail's (its placeholders are the lead's). */
export const isLeadEmailSetting = (name: string) =>
  (Object.values(LEAD_EMAIL_SETTINGS) as string[]).includes(name);

export const EmailSettingsInput = z
  .object({
    ...(Object.fromEntries(
      Object.values(EMAIL_TEMPLATES).flatMap((p) => {
        const n = emailSettingNames(p);
        return [
          [n.enabled, z.boolean()],
          [n.subject, line(200)],
          [n.body, z.string().max(20_000, 'Max 20000 characters.')],
          [n.smsEnabled, z.boolean()],
          [n.smsText, z.string().max(1_000, 'Max 1000 characters.')],
        ];
      }),
    ) as Record<string, z.ZodType>),
    [LEAD_EMAIL_SETTINGS.enabled]: z.boolean(),
    [LEAD_EMAIL_SETTINGS.to]: optionalEmail,
    [LEAD_EMAIL_SETTINGS.subject]: line(200),
    [LEAD_EMAIL_SETTINGS.body]: z.string().max(20_000, 'Max 20000 characters.'),
  })
  .partial()
  .strict();

export const FieldMappingInput = z.record(z.string().min(1).max(100), z.string().max(200));

export const SettingsGroupQuery = z.object({ group: z.enum(SETTING_GROUPS) });
export const SettingsGroup = z.object({ Group: z.string(), Values: z.record(z.string(), z.unknown()) });
export const SettingsGroupInput = z.object({
  Group: z.enum(WRITABLE_SETTING_GROUPS),
  Values: z.record(z.string(), z.unknown()),
});
export const Setting = z.object({ Group: z.string(), Name: z.string(), Value: z.unknown() });
export const SettingInput = z.object({
  Group: z.enum(WRITABLE_SETTING_GROUPS),
  Name: z.string().min(1).max(100),
  Value: z.unknown(),
});
export const SettingNameParams = z.object({ name: z.string().min(1).max(100) });
export const SettingNameQuery = z.object({ group: z.enum(SETTING_GROUPS).optional() });

/** The schema a group's values are checked against; null for the read-only groups. */
export const GROUP_INPUT: Record<WritableSettingGroup, z.ZodType> = {
  serviceprovider: CompanySettingsInput.partial().strict(),
  global: GlobalSettingsInput,
  features: Features.partial().strict(),
  email: EmailSettingsInput,
  fieldmapping: FieldMappingInput,
};
