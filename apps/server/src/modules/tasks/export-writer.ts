import { stat } from 'node:fs/promises';

/** One sheet of an export: its name, columns, and how to read its rows batch by batch (keyset by id). */
export interface ExportSheet<R extends { id: number }> {
  sheet: string;
  columns: { header: string; key: string; width: number }[];
  /** The rows after id `after`, at most `limit`, by id; fewer than `limit` means the last batch. */
  batch(after: number, limit: number): Promise<R[]>;
  /** A row as the sheet writes it, by column key. */
  present(row: R): Record<string, unknown>;
}

export const EXPORT_BATCH = 2_000;

/**
 * Writes a sheet to `file` as a stream (exceljs's WorkbookWriter): a batch of rows is read, written and
 * let go before the next is read, so a million jobs never sit in memory at once. Answers the file's size.
 */
export async function writeExport<R extends { id: number }>(
  file: string,
  spec: ExportSheet<R>,
  total: number,
  progress: (percent: number) => Promise<void>,
): Promise<number> {
  // exceljs is heavy (ENGINEERING.md): loaded with the first export, not at boot.
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true });
  const sheet = book.addWorksheet(spec.sheet);
  sheet.columns = spec.columns;
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let after = 0;
  let written = 0;
  for (;;) {
    const rows = await spec.batch(after, EXPORT_BATCH);
    for (const r of rows) sheet.addRow(spec.present(r)).commit();
    written += rows.length;
    if (rows.length < EXPORT_BATCH) break;
    after = rows[rows.length - 1]!.id;
    await progress((written / Math.max(total, written)) * 95);
  }
  sheet.commit();
  await book.commit();
  return (await stat(file)).size;
}
