import { z } from 'zod';
import { LocalDateTime } from '../http/common.ts';
import { RecordId } from './fields.ts';

/** What an import file holds, one kind a file (Admin → import, ImportMachine). */
export const IMPORT_KINDS = ['Customers', 'Addresses', 'Contacts', 'Machines'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** An import file is a workbook (xlsx) or a CSV file of at most this size, checked before any row is read. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** One import writes at most this many rows, in one transaction. */
export const IMPORT_MAX_ROWS = 50_000;
/** The preview shows this many rows; every row's problems are listed whatever their number. */
export const IMPORT_PREVIEW_ROWS = 100;

/**
 * The columns of each kind, by heading, in the templates' order; the first ones marked required. The
 * natural key that makes a second import of the same file create nothing again: the customer number
 * (customers), the customer number with street, postcode and city (addresses), the customer number
 * with name and e-mail (contacts), the serial number (machines).
 */
export const IMPORT_COLUMNS: Record<ImportKind, readonly { name: string; required: boolean }[]> = {
  Customers: [
    { name: 'CustomerNumber', required: true },
    { name: 'Name', required: true },
    { name: 'OrganisationNumber', required: false },
    { name: 'Active', required: false },
  ],
  Addresses: [
    { name: 'CustomerNumber', required: true },
    { name: 'Street', required: true },
    { name: 'City', required: true },
    { name: 'Zip', required: false },
    { name: 'Name', required: false },
    { name: 'Country', required: false },
    { name: 'Delivery', required: false },
    { name: 'Invoice', required: false },
  ],
  Contacts: [
    { name: 'CustomerNumber', required: true },
    { name: 'Name', required: true },
    { name: 'Email', required: false },
    { name: 'Mobile', required: false },
    { name: 'Phone', required: false },
  ],
  Machines: [
    { name: 'SerialNumber', required: true },
    { name: 'Name', required: true },
    { name: 'CustomerNumber', required: true },
    { name: 'InstallationDate', required: false },
    { name: 'Active', required: false },
  ],
};

/** One problem of one row: its row number in the file (the heading is row 1), its column, what is wrong. */
export const ImportProblem = z.object({ Row: z.number().int(), Column: z.string(), Message: z.string() });
export type ImportProblem = z.infer<typeof ImportProblem>;

export const IMPORT_STATUSES = ['previewed', 'queued', 'completed', 'failed'] as const;

/** What the import made: rows created, rows that changed an existing record, rows already there. */
export const ImportReport = z.object({
  Created: z.number().int(),
  Updated: z.number().int(),
  Unchanged: z.number().int(),
});

/** An uploaded import file: its preview (the first rows and every problem) and, once run, its report. */
export const ImportFile = z.object({
  ImportId: z.number().int(),
  Kind: z.enum(IMPORT_KINDS),
  FileName: z.string(),
  Status: z.enum(IMPORT_STATUSES),
  RowCount: z.number().int(),
  /** The rows that would create a record; the rest match one already there (by the natural key). */
  NewCount: z.number().int(),
  Columns: z.array(z.string()),
  Rows: z.array(z.object({ Row: z.number().int(), Values: z.record(z.string(), z.string()) })),
  Problems: z.array(ImportProblem),
  TaskId: z.number().int().nullable(),
  Report: ImportReport.nullable(),
  Created: LocalDateTime,
});
export type ImportFile = z.infer<typeof ImportFile>;

/** POST Import/Preview (multipart): the file and its kind. */
export const ImportUploadFields = z.object({ File: z.unknown(), Kind: z.enum(IMPORT_KINDS) });
export const ImportKindParams = z.object({ kind: z.enum(IMPORT_KINDS) });
export const ImportIdParams = z.object({ id: RecordId });
