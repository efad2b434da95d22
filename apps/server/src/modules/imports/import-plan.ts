import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportProblem,
  type ServerMessageKey,
  serverMessage,
} from '@fieldport/contract';
import type { ImportTable } from './import-file.ts';

/** What an import finds already there, by natural key (lower case), and the customers by number. */
export interface ImportLookups {
  customers: Map<string, { id: number; partnerCompanyId: number | null }>;
  /** The existing record of each natural key with the values an import compares and may change. */
  existing: Map<string, { id: number; values: Record<string, unknown> }>;
}

/** One row's work: create a record, change one, or nothing (already the same). */
export interface ImportAction {
  row: number;
  key: string;
  op: 'create' | 'update' | 'same';
  id: number | null;
  values: Record<string, unknown>;
}

const MAX_TEXT = 200;
const YES = new Set(['yes', 'y', 'true', '1', 'ja', 'j', 'x', '是']);
const NO = new Set(['no', 'n', 'false', '0', 'nei', 'nej', '否']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The customer numbers a table's rows name (lower case), to look their customers up. */
export const customerNumbersOf = (table: ImportTable) => [
  ...new Set(table.rows.map((r) => (r.values.CustomerNumber ?? '').toLowerCase()).filter(Boolean)),
];

/** The natural key of a row, from its values (the customer's id where the key holds the customer). */
export function keyOf(kind: ImportKind, v: Record<string, unknown>): string {
  const low = (x: unknown) => String(x ?? '').toLowerCase();
  switch (kind) {
    case 'Customers':
      return low(v.customerNumber);
    case 'Addresses':
      return [v.customerId, low(v.street), low(v.zip), low(v.city)].join('|');
    case 'Contacts':
      return [v.customerId, low(v.name), low(v.email)].join('|');
    case 'Machines':
      return low(v.serialNumber);
  }
}

/**
 * Checks every row of an import table and plans its work: each problem named with its row, column and
 * message (in the caller's language), and for a table without problems, each row's action by its
 * natural key (a second import of the same file only finds 'same'). Pure: lookups come from the caller.
 */
export function planImport(
  kind: ImportKind,
  table: ImportTable,
  lookups: ImportLookups,
  lang: string | undefined,
): { problems: ImportProblem[]; actions: ImportAction[] } {
  const problems: ImportProblem[] = [];
  const say = (key: ServerMessageKey, values?: Record<string, string | number>) =>
    serverMessage(key, lang, values);
  const columns = IMPORT_COLUMNS[kind];
  const missing = columns.filter((c) => c.required && !table.headers.includes(c.name));
  for (const c of missing)
    problems.push({ Row: 1, Column: c.name, Message: say('import_row_column_missing') });
  if (missing.length > 0) return { problems, actions: [] };
  if (table.rows.length === 0) {
    problems.push({ Row: 2, Column: columns[0]!.name, Message: say('import_empty') });
    return { problems, actions: [] };
  }
  if (table.rows.length > IMPORT_MAX_ROWS) {
    problems.push({ Row: 1, Column: '', Message: say('import_row_too_many', { max: IMPORT_MAX_ROWS }) });
    return { problems, actions: [] };
  }

  const actions: ImportAction[] = [];
  const seen = new Map<string, number>();
  for (const { row, values } of table.rows) {
    const before = problems.length;
    const problem = (Column: string, key: ServerMessageKey, v?: Record<string, string | number>) =>
      problems.push({ Row: row, Column, Message: say(key, v) });
    const text = (col: string) => {
      const value = values[col] ?? '';
      const spec = columns.find((c) => c.name === col);
      if (spec?.required && value === '') problem(col, 'import_row_required');
      else if (value.length > MAX_TEXT) problem(col, 'import_row_too_long', { max: MAX_TEXT });
      return value;
    };
    const bool = (col: string, fallback: boolean) => {
      const value = (values[col] ?? '').toLowerCase();
      if (value === '') return fallback;
      if (YES.has(value)) return true;
      if (NO.has(value)) return false;
      problem(col, 'import_row_yes_no');
      return fallback;
    };
    const customer = () => {
      const number = text('CustomerNumber');
      const found = lookups.customers.get(number.toLowerCase());
      if (number && !found) problem('CustomerNumber', 'import_row_customer_unknown', { number });
      return found;
    };

    let v: Record<string, unknown>;
    let keyColumn: string;
    if (kind === 'Customers') {
      keyColumn = 'CustomerNumber';
      v = {
        customerNumber: text('CustomerNumber'),
        name: text('Name'),
        organisationNumber: text('OrganisationNumber') || null,
        isActive: bool('Active', true),
      };
    } else if (kind === 'Addresses') {
      keyColumn = 'Street';
      const c = customer();
      const country = text('Country').toUpperCase();
      if (country && !/^[A-Z]{2}$/.test(country)) problem('Country', 'import_row_country');
      v = {
        customerId: c?.id ?? null,
        street: text('Street'),
        city: text('City'),
        zip: text('Zip'),
        name: text('Name'),
        country,
        isDelivery: bool('Delivery', true),
        isInvoice: bool('Invoice', false),
      };
    } else if (kind === 'Contacts') {
      keyColumn = 'Name';
      const c = customer();
      const email = text('Email');
      if (email && !EMAIL.test(email)) problem('Email', 'import_row_email');
      v = {
        customerId: c?.id ?? null,
        name: text('Name'),
        email,
        mobile: text('Mobile'),
        fixedPhone: text('Phone'),
      };
    } else {
      keyColumn = 'SerialNumber';
      const c = customer();
      const date = text('InstallationDate');
      if (date && !(DATE.test(date) && !Number.isNaN(Date.parse(`${date}T00:00:00Z`))))
        problem('InstallationDate', 'import_row_date');
      v = {
        serialNumber: text('SerialNumber'),
        name: text('Name'),
        customerId: c?.id ?? null,
        partnerCompanyId: c?.partnerCompanyId ?? null,
        installDate: date || null,
        isActive: bool('Active', true),
      };
    }
    if (problems.length > before) continue;
    const key = keyOf(kind, v);
    const twin = seen.get(key);
    if (twin !== undefined) {
      problem(keyColumn, 'import_row_duplicate', { row: twin });
      continue;
    }
    seen.set(key, row);
    const found = lookups.existing.get(key);
    const op = !found ? 'create' : changes(found.values, v) ? 'update' : 'same';
    actions.push({ row, key, op, id: found?.id ?? null, values: v });
  }
  return { problems, actions };
}

/** Whether the row's values differ from the record's (the values the record has). */
const changes = (current: Record<string, unknown>, next: Record<string, unknown>) =>
  Object.keys(current).some((k) => k in next && (current[k] ?? null) !== (next[k] ?? null));
