/** The three lookups of the header search, in the order the dropdown shows them (001 §2.13). */
export const SEARCH_GROUPS = ['customers', 'jobs', 'machines'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

/** Items each lookup asks for (001 §9: 15 items per group). */
export const GROUP_SIZE = 15;

/** The wait after the last key before the lookups start (001 §9). */
export const SEARCH_DEBOUNCE_MS = 600;

/** Rows of one column in the maximised view: columns of items 1–5, 6–10 and 11–15. */
const MAXIMISED_COLUMN_ROWS = 5;

/**
 * Lines each group shows in the dropdown (001 §2.13): 5 when more than two groups are active (have
 * results), 7 when two are, else 15. The maximised view shows all 15, in columns.
 */
export function linesPerGroup(activeGroups: number): number {
  if (activeGroups > 2) return 5;
  if (activeGroups === 2) return 7;
  return GROUP_SIZE;
}

/** The items of a group split into the maximised view's columns of five. */
export function columnsOf<T>(items: readonly T[], rows = MAXIMISED_COLUMN_ROWS): T[][] {
  const columns: T[][] = [];
  for (let i = 0; i < items.length; i += rows) columns.push(items.slice(i, i + rows));
  return columns;
}
