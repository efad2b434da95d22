import { z } from 'zod';
import { isDecimal, isEmail, isPhone, isStorableText, parseDecimal } from '../rules/field-validation.ts';

/** The shared field messages of 001 §5, exactly as the documents write them. */
export const FIELD_MESSAGES = {
  required: 'This field is required',
  invalidMail: 'Invalid E-mail address',
  mailRequired: 'E-mail is required',
  phone: 'Phone number cant contain letters',
  phoneRequired: 'Phone number is required',
  wholeNumber: 'Must be a valid whole number.',
  decimal: 'Must be a valid number or decimal.',
  noNewLines: 'No new lines allowed in this field.',
  max: (n: number) => `Max ${n} characters.`,
} as const;
const M = FIELD_MESSAGES;

/** Text a database can store: no NUL characters, no lone surrogates (PostgreSQL refuses them). */
const storable = isStorableText;
/** The message for such text, wherever it is found (the server checks every text of a request). */
export const NOT_STORABLE = 'Contains characters that are not allowed.';

/** A single-line text, trimmed, at most `max` characters (may be empty). */
export const line = (max: number) =>
  z
    .string({ error: M.required })
    .trim()
    .max(max, M.max(max))
    .refine((v) => !/[\r\n]/.test(v), M.noNewLines)
    .refine(storable, NOT_STORABLE);

/** A single-line text that must not be empty. */
export const requiredLine = (max: number) =>
  z
    .string({ error: M.required })
    .trim()
    .min(1, { message: M.required, abort: true })
    .max(max, M.max(max))
    .refine((v) => !/[\r\n]/.test(v), M.noNewLines)
    .refine(storable, NOT_STORABLE);

/** Optional e-mail: empty or valid. */
export const optionalEmail = z
  .string({ error: M.invalidMail })
  .trim()
  .max(200, M.max(200))
  .refine((v) => v === '' || (isEmail(v) && storable(v)), M.invalidMail);

/** E-mail that must be present and valid ('E-mail is required', then 'Invalid E-mail address'). */
export const requiredEmail = z
  .string({ error: M.mailRequired })
  .trim()
  .min(1, { message: M.mailRequired, abort: true })
  .max(200, M.max(200))
  .refine((v) => isEmail(v) && storable(v), M.invalidMail);

/** Phone: digits, space, plus, hash and dash only. */
export const optionalPhone = z
  .string({ error: M.phone })
  .trim()
  .max(40, M.max(40))
  .refine((v) => isPhone(v), M.phone);

export const requiredPhone = z
  .string({ error: M.phoneRequired })
  .trim()
  .min(1, { message: M.phoneRequired, abort: true })
  .max(40, M.max(40))
  .refine((v) => isPhone(v), M.phone);

/** The largest id a record can have (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;
/** The smallest number a PostgreSQL integer column holds. */
export const MIN_INT = -2_147_483_648;

/** A record id in a JSON body. */
export const RefId = z
  .number({ error: M.wholeNumber })
  .int(M.wholeNumber)
  .min(1, 'Must be a valid id.')
  .max(MAX_ID, 'Must be a valid id.');

/** A record id in a path or query: digits only (001 §5 'Valid id is digits only'), within the range of ids. */
export const RecordId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/, M.wholeNumber)], { error: M.wholeNumber })
  .transform(Number)
  .pipe(z.number().int(M.wholeNumber).min(1, 'Must be a valid id.').max(MAX_ID, 'Must be a valid id.'));
export const RecordIdParams = z.object({ id: RecordId });

/** An address id in a body: ERP addresses have ids below zero (001 §5), 0 is none. */
export const AddressRef = z
  .number({ error: M.wholeNumber })
  .int(M.wholeNumber)
  .refine((v) => v !== 0 && Math.abs(v) <= MAX_ID, 'Must be a valid id.');

/** A search word: NUL characters are dropped (they can match nothing). */
export const SearchText = z
  .string()
  .max(200, M.max(200))
  .transform((v) => v.replaceAll('\0', ''));

/** A company-chosen id (customer group, department): a positive whole number. */
export const ChosenId = RefId;

/** A decimal amount as a number or a text with a comma or a dot ('12 500,50'); empty text is null. */
export const DecimalInput = z
  .union([z.number(), z.string().refine((v) => v.trim() === '' || isDecimal(v), M.decimal), z.null()], {
    error: M.decimal,
  })
  .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? null : parseDecimal(v)) : v))
  .refine((v) => v === null || (Number.isFinite(v) && Math.abs(v) < 1e12), M.decimal);

/** A boolean in a query string: true/false (any case) or 1/0. */
export const QueryBool = z
  .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === 'True' || v === 'TRUE' || v === '1');

/** A list of ids in a query string: repeated (?a=1&a=2) or comma separated (?a=1,2). */
export const QueryIdList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter((s) => s !== ''),
  )
  .refine((v) => v.every((s) => /^\d{1,10}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_ID), M.wholeNumber)
  .transform((v) => v.map(Number))
  .refine((v) => v.length <= 200, 'At most 200 ids.');

const PageNumber = z.coerce.number({ error: M.wholeNumber }).int(M.wholeNumber).min(1).max(1_000_000);
const PageSize = z.coerce.number({ error: M.wholeNumber }).int(M.wholeNumber).min(1).max(1000);

/** Lists: Page (from 1), ItemsPerPage, SearchWord. */
export const PagedQuery = z.object({
  Page: PageNumber.default(1),
  ItemsPerPage: PageSize.default(100),
  SearchWord: SearchText.optional(),
});

/** Dropdown paging (002 §3): SearchWord, ItemsPerPage, Page, PrependItemIdList. */
export const DropdownQuery = PagedQuery.extend({ PrependItemIdList: QueryIdList.optional() });

/** The same paging in a JSON body (POST …/Filtered). */
export const DropdownBody = z.object({
  Page: z.number({ error: M.wholeNumber }).int(M.wholeNumber).min(1).max(1_000_000).default(1),
  ItemsPerPage: z.number({ error: M.wholeNumber }).int(M.wholeNumber).min(1).max(1000).default(100),
  SearchWord: SearchText.nullish(),
  PrependItemIdList: z.array(RefId).max(200, 'At most 200 ids.').nullish(),
});

/** A reference to a record by id and name, embedded in another record. */
export const Ref = z.object({ Id: z.number().int(), Name: z.string() });
export type Ref = z.infer<typeof Ref>;

/** Active state of a record (…/GetActiveState, …/ToggleActiveState). */
export const ActiveState = z.object({ Id: z.number().int(), IsActive: z.boolean() });

const ROW_VERSION = 'Must be a valid row version.';
/**
 * The version a record was read at (decision 026): stepped by every change of the record, kept in a
 * PostgreSQL integer, so one beyond its range is refused here (a 400 naming the field), never sent to
 * the database (issue 29).
 */
export const RowVersion = z
  .number({ error: M.wholeNumber })
  .int(M.wholeNumber)
  .min(MIN_INT, ROW_VERSION)
  .max(MAX_ID, ROW_VERSION);
/**
 * The RowVersion a change was read at (decision 026): another than the stored one answers 409 and
 * changes nothing; left out, the change is the last write and wins (as the catalogue had it).
 */
export const RowVersionInput = RowVersion.optional();
/** A RowVersion in a query string: digits, within the same range. */
export const RowVersionQuery = z.coerce
  .number({ error: M.wholeNumber })
  .int(M.wholeNumber)
  .min(MIN_INT, ROW_VERSION)
  .max(MAX_ID, ROW_VERSION);

/**
 * A list of skills (decision 063): short names, each once (compared without case), at most 50. A job of a
 * type that needs skills is planned only for users who have all of them.
 */
export const SkillList = z
  .array(line(50).refine((v) => v.length > 0, M.required))
  .max(50, 'At most 50 skills.')
  .transform((list) => [...new Map(list.map((v) => [v.toLowerCase(), v])).values()]);
