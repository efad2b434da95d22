import { useCallback } from 'react';
import { type SearchHistoryEntry, usePreference } from '../../lib/preferences.ts';

/** How many past searches the history keeps. */
export const HISTORY_LIMIT = 20;

const same = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * The history with `query` put first (001 §2.13): an earlier entry of the same query, whatever its
 * case, is dropped, so each query is there once, newest first. Blank queries are not kept.
 */
export function addToHistory(
  entries: readonly SearchHistoryEntry[],
  query: string,
  now: Date = new Date(),
): SearchHistoryEntry[] {
  const q = query.trim();
  if (!q) return [...entries];
  const rest = entries.filter((e) => !same(e.query.trim(), q));
  return [{ query: q, stamp: now.toISOString() }, ...rest].slice(0, HISTORY_LIMIT);
}

/** The history without the entries of `query` (any case). */
export function removeFromHistory(
  entries: readonly SearchHistoryEntry[],
  query: string,
): SearchHistoryEntry[] {
  return entries.filter((e) => !same(e.query.trim(), query.trim()));
}

/** The GlobalSearchHistory preference with its three changes: add, remove one, clear all. */
export function useSearchHistory() {
  const [entries, setEntries] = usePreference('GlobalSearchHistory');
  const add = useCallback((query: string) => setEntries(addToHistory(entries, query)), [entries, setEntries]);
  const remove = useCallback(
    (query: string) => setEntries(removeFromHistory(entries, query)),
    [entries, setEntries],
  );
  const clear = useCallback(() => setEntries([]), [setEntries]);
  return { entries, add, remove, clear };
}
