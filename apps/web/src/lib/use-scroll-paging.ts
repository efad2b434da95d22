import { useCallback, useEffect, useRef } from 'react';

/** 000 §9 / 001 §9: the first page renders 50 items; the next loads at 90 percent scroll, debounced 700 ms. */
export const LIST_PAGE_SIZE = 50;
const SCROLL_THRESHOLD = 0.9;
const SCROLL_DEBOUNCE_MS = 700;

interface Paging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

const nearEnd = (el: HTMLElement) =>
  el.scrollHeight <= el.clientHeight || el.scrollTop + el.clientHeight >= el.scrollHeight * SCROLL_THRESHOLD;

/**
 * Loads the next page of a list when its scroll container reaches 90 percent of its height, 700 ms after
 * scrolling settles there. A list shorter than its container asks for more at once, so it fills the view.
 * Returns the ref for the scroll container and its onScroll handler.
 */
export function useScrollPaging(paging: Paging) {
  const ref = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(paging);
  latest.current = paging;

  const check = useCallback(() => {
    const el = ref.current;
    const p = latest.current;
    if (el && p.hasNextPage && !p.isFetchingNextPage && nearEnd(el)) void p.fetchNextPage();
  }, []);

  const onScroll = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(check, SCROLL_DEBOUNCE_MS);
  }, [check]);

  // A page that does not fill the container cannot be scrolled: load the next one.
  useEffect(() => {
    const el = ref.current;
    if (el && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) check();
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const setRef = useCallback((el: HTMLElement | null) => {
    ref.current = el;
  }, []);
  return { ref: setRef, onScroll };
}
