import { sumHours, weekdayIndex } from '@fieldport/contract';
import type { TimeRow } from './api.ts';

/** One line of the week grid: the hours of one job (or internal article) per day, Monday first. */
export interface GridLine {
  key: string;
  kind: TimeRow['Kind'];
  jobId: number | null;
  title: string;
  articleNumber: string;
  days: number[];
  total: number;
  rows: TimeRow[];
}

/**
 * The week grid's lines (decision 046): the rows grouped by job and article (internal rows by article
 * and description), each with its hours per day summed exactly; jobs first, in the order first worked.
 */
export function gridLines(rows: readonly TimeRow[]): GridLine[] {
  const lines = new Map<string, GridLine>();
  for (const r of rows) {
    const key =
      r.Kind === 'Job' ? `job:${r.JobId}:${r.ArticleNumber}` : `internal:${r.ArticleNumber}:${r.Description}`;
    const title =
      r.Kind === 'Job' ? [r.OrderId, r.JobName].filter(Boolean).join(' · ') || `#${r.JobId}` : r.Description;
    const line = lines.get(key) ?? {
      key,
      kind: r.Kind,
      jobId: r.JobId,
      title,
      articleNumber: r.ArticleNumber,
      days: [0, 0, 0, 0, 0, 0, 0],
      total: 0,
      rows: [],
    };
    line.rows.push(r);
    lines.set(key, line);
  }
  return [...lines.values()]
    .map((l) => {
      const days = l.days.map((_, i) =>
        sumHours(l.rows.filter((r) => weekdayIndex(r.WorkDate) === i).map((r) => r.Hours)),
      );
      return { ...l, days, total: sumHours(days) };
    })
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'Job' ? -1 : 1));
}

/** The week's hours against the employment's: above zero over, below zero short. */
export const balanceOf = (total: number, weeklyHours: number): number => sumHours([total, -weeklyHours]);

/** Hours shown with at most two decimals, in the user's language (a comma where it writes one). */
export const hoursText = (hours: number, lang: string): string =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(hours);
