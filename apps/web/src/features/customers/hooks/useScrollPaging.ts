import { DROPDOWN_DEBOUNCE_MS } from '@fieldport/contract';
import { type UIEvent, useCallback, useEffect, useRef } from 'react';

/** How far down a list has to be scrolled before its next page loads (001 §9). */
export const NEXT_PAGE_AT = 0.9;

/**
 * Scroll paging of long lists (001 §9): past 90 percent of the scroll height the next page loads,
 * debounced 700 ms.
 */
export function useScrollPaging(q: {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}): (e: UIEvent<HTMLElement>) => void {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(q);
  latest.current = q;
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useCallback((e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (el.scrollTop + el.clientHeight < el.scrollHeight * NEXT_PAGE_AT) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      const now = latest.current;
      if (now.hasNextPage && !now.isFetchingNextPage) void now.fetchNextPage();
    }, DROPDOWN_DEBOUNCE_MS);
  }, []);
}
