/** Statuses from 70 on (approved, closed, deleted) cannot be planned (000 §4): the panel never offers them. */
const PLANNABLE_BELOW = 70;

/** The statuses the panel's filter offers: those below 70, in their order. */
export function panelStatuses<S extends { Id: number; SortOrder?: number }>(all: readonly S[]): S[] {
  return all
    .filter((s) => s.Id < PLANNABLE_BELOW)
    .sort((a, b) => (a.SortOrder ?? a.Id) - (b.SortOrder ?? b.Id) || a.Id - b.Id);
}

/** A stored status filter kept to plannable ids; none left is the default, unplanned jobs [10]. */
export function plannableStatuses(stored: readonly number[]): number[] {
  const kept = stored.filter((id) => Number.isInteger(id) && id > 0 && id < PLANNABLE_BELOW);
  return kept.length ? kept : [10];
}

/** The id list with `id` added, or taken out when it was in it. */
export const toggleId = (ids: readonly number[], id: number): number[] =>
  ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id];

/** Whether two id lists hold the same ids, in any order. */
export const sameIds = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id) => b.includes(id));
