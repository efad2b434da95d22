import { IMPORT_MAX_BYTES } from '@fieldport/contract';
import { fileTypeFromBuffer } from 'file-type';
import { refusal } from '../common/errors.ts';
import { parseCsv } from './csv.ts';

export type ImportFileType = 'xlsx' | 'csv';

/** A file's headings and its rows by heading, each with its row number in the file (headings: row 1). */
export interface ImportTable {
  headers: string[];
  rows: { row: number; values: Record<string, string> }[];
}

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * What an import file is, by its content (never its name): an xlsx workbook, or CSV text (UTF-8
 * without NUL bytes); anything else is refused with 415, a file over the limit with 413, before any
 * row is read.
 */
export async function importFileType(data: Buffer): Promise<ImportFileType> {
  if (data.length > IMPORT_MAX_BYTES)
    throw refusal(413, 'import_too_large', { values: { mb: IMPORT_MAX_BYTES / 1024 / 1024 } });
  const type = await fileTypeFromBuffer(data);
  if (type?.mime === XLSX_MIME) return 'xlsx';
  if (!type && isText(data)) return 'csv';
  throw refusal(415, 'import_type');
}

function isText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** A cell as text: dates as YYYY-MM-DD, formulas by their result, rich text by its words. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { result?: unknown; richText?: { text: string }[]; text?: string; hyperlink?: string };
    if ('result' in o) return cellText(o.result);
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (typeof o.text === 'string') return o.text;
    return '';
  }
  return String(v);
}

/** The first sheet (or the CSV text) as headings and rows; blank rows are left out, their numbers kept. */
export async function readImportTable(data: Buffer, type: ImportFileType): Promise<ImportTable> {
  let grid: string[][];
  if (type === 'csv') grid = parseCsv(data.toString('utf8'));
  else {
    // exceljs is heavy (ENGINEERING.md): loaded with the first import, not at boot.
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    try {
      await book.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw refusal(400, 'import_unreadable');
    }
    const sheet = book.worksheets[0];
    grid = [];
    sheet?.eachRow({ includeEmpty: true }, (row, n) => {
      const values = (row.values as unknown[]).slice(1).map(cellText);
      grid[n - 1] = values;
    });
    for (let i = 0; i < grid.length; i++) grid[i] ??= [];
  }
  const headers = (grid[0] ?? []).map((h) => h.trim());
  const rows: ImportTable['rows'] = [];
  for (let i = 1; i < grid.length; i++) {
    const cells = grid[i]!;
    if (cells.every((c) => c.trim() === '')) continue;
    const values: Record<string, string> = {};
    headers.forEach((h, j) => {
      if (h) values[h] = (cells[j] ?? '').trim();
    });
    rows.push({ row: i + 1, values });
  }
  return { headers, rows };
}
