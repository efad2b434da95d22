import { z } from 'zod';
import { LANGUAGES } from '../domain/constants.ts';
import { isStrongPassword } from '../rules/password.ts';
import { parseWorkHour } from '../rules/work-hours.ts';
import {
  FIELD_MESSAGES,
  line,
  optionalPhone,
  PagedQuery,
  QueryBool,
  QueryIdList,
  RecordId,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredEmail,
  requiredLine,
  SearchText,
  SkillList,
} from './fields.ts';

/** A user account as lists and the user page show it (002 §7.21). */
export const UserAccount = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** Spelled so, as in the user info (001 §3). */
  EmailAdress: z.string(),
  UserLogonName: z.string(),
  Phone: z.string(),
  UserTypeId: z.number().int(),
  DepartmentId: z.number().int().nullable(),
  DepartmentName: z.string().nullable(),
  CustomerId: z.number().int().nullable(),
  CustomerName: z.string().nullable(),
  PartnerCompanyId: z.number().int().nullable(),
  PartnerCompanyName: z.string().nullable(),
  Uiculture: z.string(),
  IsActive: z.boolean(),
  IsBookable: z.boolean(),
  IsContactPerson: z.boolean(),
  CanExport: z.boolean(),
  /** The linked Microsoft Entra identity (tenant id and object id) that may sign in as this user. */
  EntraTenantId: z.string().nullable(),
  EntraObjectId: z.string().nullable(),
  CreatedAt: z.string(),
  RowVersion,
  /** What the user can do, for dispatch (decision 063). */
  Skills: z.array(z.string()).optional(),
  /** Where the user's working day starts and ends when not at the main office; null: the office. */
  HomeLatitude: z.number().nullable().optional(),
  HomeLongitude: z.number().nullable().optional(),
  /**
   * The user's own working hours, each "HH:mm" (decision 097): where the planner's proposals, "Optimise
   * this day" and the suggestions start and end their day; null: the company's work hours on that side.
   */
  WorkStart: z.string().nullable().optional(),
  WorkEnd: z.string().nullable().optional(),
  /**
   * The weekdays whose hours differ from WorkStart/WorkEnd (decision 100): Weekday 1 (Monday) … 7
   * (Sunday); Off, or its own WorkStart and WorkEnd ("HH:mm"; null: the usual hours on that side).
   */
  WorkDays: z
    .array(
      z.object({
        Weekday: z.number().int(),
        Off: z.boolean(),
        WorkStart: z.string().nullable(),
        WorkEnd: z.string().nullable(),
      }),
    )
    .optional(),
});
export type UserAccount = z.infer<typeof UserAccount>;

const UserTypeField = z
  .number({ error: FIELD_MESSAGES.required })
  .int(FIELD_MESSAGES.wholeNumber)
  .min(1, 'Unknown user type.')
  .max(6, 'Unknown user type.');

const PasswordField = z
  .string({ error: 'Please type password.' })
  .max(200, FIELD_MESSAGES.max(200))
  .refine(isStrongPassword, 'The password does not follow the password rules.');

/**
 * A time of day as "HH:mm" (a single-digit hour taken, kept as two digits; "24:00" is the day's end), or
 * empty or null for none.
 */
const WorkTimeField = z
  .string({ error: 'Must be a time as hh:mm.' })
  .trim()
  .refine((v) => v === '' || parseWorkHour(v) !== null, 'Must be a time as hh:mm.')
  .transform((v) => (v === '' ? null : v.padStart(5, '0')))
  .nullable();

/**
 * The weekdays whose hours differ from the user's usual ones (decision 100): each weekday at most once,
 * off or with its own start and end (either may be null: the usual hours on that side).
 */
const WorkDaysField = z
  .array(
    z.object({
      Weekday: z
        .number({ error: 'Must be a weekday from 1 (Monday) to 7 (Sunday).' })
        .int('Must be a weekday from 1 (Monday) to 7 (Sunday).')
        .min(1, 'Must be a weekday from 1 (Monday) to 7 (Sunday).')
        .max(7, 'Must be a weekday from 1 (Monday) to 7 (Sunday).'),
      Off: z.boolean().default(false),
      WorkStart: WorkTimeField.default(null),
      WorkEnd: WorkTimeField.default(null),
    }),
  )
  .refine((days) => new Set(days.map((d) => d.Weekday)).size === days.length, 'Each weekday only once.');

/** A Microsoft Entra id (tenant or object id): a GUID, kept lower-case; empty or null unlinks. */
export const ENTRA_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EntraIdField = z
  .string()
  .trim()
  .refine((v) => v === '' || ENTRA_ID_PATTERN.test(v), 'Must be a Microsoft id (a GUID).')
  .transform((v) => (v === '' ? null : v.toLowerCase()))
  .nullable();

const accountFields = {
  Name: requiredLine(100),
  EmailAdress: requiredEmail,
  Phone: optionalPhone,
  DepartmentId: RefId.nullable(),
  CustomerId: RefId.nullable(),
  PartnerCompanyId: RefId.nullable(),
  Uiculture: z.enum(LANGUAGES, { error: 'Unknown language.' }),
  IsBookable: z.boolean(),
  IsContactPerson: z.boolean(),
  CanExport: z.boolean(),
  EntraTenantId: EntraIdField,
  EntraObjectId: EntraIdField,
  Skills: SkillList,
  HomeLatitude: z
    .number({ error: 'Must be a latitude from -90 to 90.' })
    .min(-90, 'Must be a latitude from -90 to 90.')
    .max(90, 'Must be a latitude from -90 to 90.')
    .nullable(),
  HomeLongitude: z
    .number({ error: 'Must be a longitude from -180 to 180.' })
    .min(-180, 'Must be a longitude from -180 to 180.')
    .max(180, 'Must be a longitude from -180 to 180.')
    .nullable(),
  WorkStart: WorkTimeField,
  WorkEnd: WorkTimeField,
  WorkDays: WorkDaysField,
};

/** Customer accounts belong to a customer, partner accounts to a partner company (001 §6). */
function companyRule(
  v: { UserTypeId?: number; CustomerId?: number | null; PartnerCompanyId?: number | null },
  ctx: z.RefinementCtx,
) {
  if ((v.UserTypeId === 4 || v.UserTypeId === 6) && !v.CustomerId)
    ctx.addIssue({ code: 'custom', path: ['CustomerId'], message: FIELD_MESSAGES.required });
  if (v.UserTypeId === 5 && !v.PartnerCompanyId)
    ctx.addIssue({ code: 'custom', path: ['PartnerCompanyId'], message: FIELD_MESSAGES.required });
}

/**
 * POST User/add. Without a Password the new user is sent a code to choose one; the logon name
 * defaults to the e-mail address.
 */
export const UserAddInput = z
  .object({
    ...accountFields,
    UserTypeId: UserTypeField,
    UserLogonName: line(100).optional(),
    Phone: optionalPhone.default(''),
    DepartmentId: RefId.nullable().default(null),
    CustomerId: RefId.nullable().default(null),
    PartnerCompanyId: RefId.nullable().default(null),
    Uiculture: accountFields.Uiculture.default('en'),
    IsBookable: z.boolean().default(false),
    IsContactPerson: z.boolean().default(false),
    CanExport: z.boolean().default(false),
    EntraTenantId: EntraIdField.default(null),
    EntraObjectId: EntraIdField.default(null),
    Skills: accountFields.Skills.default([]),
    HomeLatitude: accountFields.HomeLatitude.default(null),
    HomeLongitude: accountFields.HomeLongitude.default(null),
    WorkStart: WorkTimeField.default(null),
    WorkEnd: WorkTimeField.default(null),
    WorkDays: WorkDaysField.default([]),
    Password: PasswordField.optional(),
  })
  .superRefine(companyRule);

/** PATCH User/{id}: only the fields sent change. */
export const UserChangeInput = z
  .object({
    ...accountFields,
    UserTypeId: UserTypeField,
    UserLogonName: requiredLine(100),
    RowVersion: RowVersionInput,
  })
  .partial();

export const UserPasswordInput = z.object({ Password: PasswordField });

/** GET User/Filtered: a page of accounts, narrowed by type, customer, department or partner company. */
export const UserFilteredQuery = PagedQuery.extend({
  UserTypeIds: QueryIdList.optional(),
  CustomerId: RecordId.optional(),
  DepartmentId: RecordId.optional(),
  PartnerCompanyId: RecordId.optional(),
  IncludeInactive: QueryBool.default(true),
});

export const CustomerAccountSearchQuery = z.object({ query: SearchText.optional() });
