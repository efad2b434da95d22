// One figure of the benchmark against its budget: what every bench module returns and run.ts reports.
export interface Row {
  /** What is measured, e.g. 'planner day view first paint, size L'. */
  budget: string;
  /** The budget as ENGINEERING.md writes it ('≤ 120 ms'), or '—' / 'reference' where there is none. */
  limit: string;
  measured: string;
  /** Met, missed, or null where there is no budget (a reference figure, or not measured). */
  ok: boolean | null;
}

export const verdict = (r: Row) => (r.ok === null ? '—' : r.ok ? 'PASS' : 'FAIL');

/** The closing line of every bench run: how many budgeted rows met their budget. */
export function budgetLine(rows: readonly Row[]): string {
  const budgeted = rows.filter((r) => r.ok !== null);
  return `budgets: ${budgeted.filter((r) => r.ok).length}/${budgeted.length} met`;
}
