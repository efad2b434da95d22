/**
 * The words a queued line or answer shows with (decision 095): the technician's own change while it
 * waits, and the office's side of a conflict, in one form so the two read side by side.
 */

/** A part or time line: '2 pcs · 4711 Filter', with the day for hours: '1.5 h · 2026-03-02 · T1 Workshop hour'. */
export function lineLabel(line: {
  Quantity: number | string;
  Unit: string;
  ArticleNumber: string;
  Description: string;
  WorkDate?: string | null;
}): string {
  const what = `${line.ArticleNumber} ${line.Description}`.trim();
  const quantity = `${String(line.Quantity).replace(',', '.')} ${line.Unit}`.trim();
  return [quantity, line.WorkDate?.slice(0, 10), what].filter(Boolean).join(' · ');
}

/** A checklist answer: 'Pressure: 7', 'Guards in place: ✓'; an answer cleared is '–'. */
export function answerLabel(label: string, value: boolean | number | string | null): string {
  const shown = value === null ? '–' : value === true ? '✓' : value === false ? '✗' : String(value);
  return `${label}: ${shown}`;
}

/** A comment: 'Technician comment: Replaced the seal'; a comment cleared is '–'. */
export function commentLabel(name: string, text: string): string {
  return answerLabel(name, text.trim() === '' ? null : text.trim());
}
