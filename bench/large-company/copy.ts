// COPY FROM STDIN of generated rows (pg-copy-streams), in PostgreSQL's text format. Rows are joined
// into ~256 KB chunks and written with back-pressure, so a million rows stream in constant memory.
import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

export type Cell = string | number | boolean | null;

/** A value in COPY's text format: \N for null, backslash, tab and newlines escaped. */
function cell(v: Cell): string {
  if (v === null) return '\\N';
  if (typeof v !== 'string') return String(v);
  return /[\\\t\n\r]/.test(v)
    ? v.replaceAll('\\', '\\\\').replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r')
    : v;
}

/** Streams `rows` into `table (columns)`; resolves with the number of rows copied. */
export async function copyRows(
  client: pg.ClientBase,
  table: string,
  columns: readonly string[],
  rows: Iterable<readonly Cell[]>,
): Promise<number> {
  const stream = client.query(copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`));
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let chunk = '';
  let n = 0;
  for (const row of rows) {
    chunk += `${row.map(cell).join('\t')}\n`;
    n++;
    if (chunk.length > 262_144) {
      if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), done]);
      chunk = '';
    }
  }
  stream.end(chunk);
  await done;
  return n;
}
