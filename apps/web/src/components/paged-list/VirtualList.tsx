import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import {
  defaultRangeExtractor,
  observeElementRect,
  type Range,
  useVirtualizer,
} from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

/** 000 §9 / 001 §9: the next page loads at 90 percent scroll, 700 ms after scrolling settles there. */
const SCROLL_THRESHOLD = 0.9;
const SCROLL_DEBOUNCE_MS = 700;
/** Rows drawn beyond the visible ones, above and below. */
const OVERSCAN = 8;
/**
 * A scroll container without layout (hidden, or a DOM without a layout engine) has no height to
 * window by: it draws the first rows, at most this many, until it is measured.
 */
const UNMEASURED_ROWS = 150;

export interface Paging {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): unknown;
}

const nearEnd = (el: HTMLElement) =>
  el.scrollHeight <= el.clientHeight || el.scrollTop + el.clientHeight >= el.scrollHeight * SCROLL_THRESHOLD;

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"]), input, select, textarea';
/** Marks an element the list took out of the tab order, holding its own tabindex ('' for none). */
const KEPT = 'data-roving-tabindex';

/** A row's item: its Id is its key. */
export type Keyed = { Id: string | number };

/**
 * A row's place in the list's one tab stop. The list keeps the focusables of every other row out of the
 * tab order itself; a row may also follow `active` in its own markup (tabIndex 0 on its main element).
 */
interface RowState {
  active: boolean;
}

export interface VirtualListProps<T extends Keyed> {
  items: readonly T[];
  /**
   * Draws a row. The list is one tab stop: only the active row's links and buttons are in the tab order,
   * the arrow keys move between rows. A row may follow `row.active` itself for finer control (tabIndex 0
   * on its main element only, -1 on its other focusables).
   */
  renderItem(item: T, index: number, row: RowState): ReactNode;
  /** The list's accessible name. */
  label: string;
  /** The usual height of a row in pixels, before it is measured. */
  estimateSize?: number;
  /** When given, the next page loads at 90 percent scroll (700 ms debounce), or at once while the rows do not fill the view. */
  paging?: Paging;
  /** A row brought into view once, when it is first there (the record named by the route). */
  scrollToIndex?: number | null;
  /** Drawn inside the scroll container above the rows (a loading bar, a header row). */
  before?: ReactNode;
  /** Drawn inside the scroll container below the rows (empty, failed, loading more). */
  after?: ReactNode;
  /** The scroll container's test id. */
  testId?: string;
  /** The list element's test id. */
  listTestId?: string;
  sx?: SxProps<Theme>;
}

/**
 * The one list of the web app: a scroll container of its own in which only the visible rows and a few
 * more (overscan) are in the DOM, however many are loaded (@tanstack/react-virtual, rows measured as
 * they are drawn). Rows stay reachable by keyboard: Tab goes into the drawn rows, the arrow keys, Home
 * and End move the focus row by row (scrolling the row into view first), and the focused row is kept
 * drawn while it is scrolled away. With `paging`, the next page loads at 90 percent scroll.
 */
export function VirtualList<T extends Keyed>(props: VirtualListProps<T>) {
  const { items, paging } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const listRef = useRef<HTMLUListElement | null>(null);
  const [measured, setMeasured] = useState(false);
  const [focused, setFocused] = useState<number | null>(null);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (focused === null || focused >= range.count || indexes.includes(focused)) return indexes;
      return [...indexes, focused].sort((a, b) => a - b);
    },
    [focused],
  );

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => props.estimateSize ?? 64,
    overscan: OVERSCAN,
    // React 19 warns about flushSync inside the mount's layout effect; a scroll paints in the next frame.
    useFlushSync: false,
    getItemKey: (index) => items[index]?.Id ?? index,
    rangeExtractor,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => {
        setMeasured(rect.height > 0);
        cb(rect);
      }),
  });

  // Paging: 90 percent scroll, debounced; a page that does not fill the view asks for the next at once.
  const latest = useRef(paging);
  latest.current = paging;
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const check = useCallback(() => {
    const el = scrollRef.current;
    const p = latest.current;
    if (el && p?.hasNextPage && !p.isFetchingNextPage && nearEnd(el)) void p.fetchNextPage();
  }, []);
  const onScroll = useCallback(() => {
    if (!latest.current) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(check, SCROLL_DEBOUNCE_MS);
  }, [check]);
  useEffect(() => {
    const el = scrollRef.current;
    if (el && el.clientHeight > 0 && el.scrollHeight <= el.clientHeight) check();
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // The row named by the route comes into view once, when it is first there.
  const scrolledTo = useRef<number | null>(null);
  const target = props.scrollToIndex ?? null;
  useEffect(() => {
    if (target === null || target < 0 || target >= items.length || scrolledTo.current === target) return;
    scrolledTo.current = target;
    if (measured) virtualizer.scrollToIndex(target, { align: 'auto' });
    else rowElement(listRef.current, target)?.scrollIntoView?.({ block: 'nearest' });
  }, [target, items.length, measured, virtualizer]);

  const focusRow = (index: number) => {
    const focus = () => {
      const row = rowElement(listRef.current, index);
      const any = `${FOCUSABLE}, [${KEPT}]`;
      const el = row?.matches(any) ? row : row?.querySelector<HTMLElement>(any);
      el?.focus();
      return Boolean(el);
    };
    setFocused(index);
    if (measured) virtualizer.scrollToIndex(index, { align: 'auto' });
    if (!focus()) requestAnimationFrame(() => void focus());
  };

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const from = indexOf(e.target as HTMLElement);
    if (from === null || items.length === 0) return;
    const to =
      e.key === 'ArrowDown'
        ? from + 1
        : e.key === 'ArrowUp'
          ? from - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : null;
    if (to === null) return;
    e.preventDefault();
    focusRow(Math.max(0, Math.min(items.length - 1, to)));
  };

  // The active row: the one last focused, else the one the route names, else the first.
  const active = Math.min(items.length - 1, focused ?? (target !== null && target >= 0 ? target : 0));

  // One tab stop: the focusables of the rows other than the active one leave the tab order (their own
  // tabindex kept aside to give back when their row is active again); those a row took out itself stay out.
  useLayoutEffect(() => {
    for (const row of Array.from(listRef.current?.children ?? [])) {
      const isActive = (row as HTMLElement).dataset.index === String(active);
      for (const el of Array.from(row.querySelectorAll<HTMLElement>(`${FOCUSABLE}, [${KEPT}]`))) {
        if (isActive && el.hasAttribute(KEPT)) {
          const was = el.getAttribute(KEPT);
          el.removeAttribute(KEPT);
          if (was === '') el.removeAttribute('tabindex');
          else el.setAttribute('tabindex', was as string);
        } else if (!isActive && !el.hasAttribute(KEPT) && el.tabIndex >= 0) {
          el.setAttribute(KEPT, el.getAttribute('tabindex') ?? '');
          el.tabIndex = -1;
        }
      }
    }
  });

  const rows = measured
    ? virtualizer.getVirtualItems().map((v) => ({ index: v.index, key: v.key, start: v.start, end: v.end }))
    : items.slice(0, UNMEASURED_ROWS).map((item, index) => ({
        index,
        key: item.Id,
        start: 0,
        end: 0,
      }));
  // The rows not drawn keep their room: each drawn row is pushed down by the gap before it (a kept
  // focused row may be far from the visible ones), the list padded by what follows the last.
  const total = measured ? virtualizer.getTotalSize() : 0;
  const padBottom = measured && rows.length ? Math.max(0, total - (rows.at(-1)?.end ?? 0)) : 0;

  return (
    <Box
      ref={scrollRef}
      onScroll={onScroll}
      data-testid={props.testId}
      // Empty, the box can still scroll (its message on a short phone screen) with nothing in it to
      // focus: then it takes focus itself, named as the list, so the keys scroll it.
      {...(items.length === 0 ? { tabIndex: 0, role: 'region', 'aria-label': props.label } : {})}
      sx={[{ flex: 1, minHeight: 0, overflow: 'auto' }, ...(Array.isArray(props.sx) ? props.sx : [props.sx])]}
    >
      {props.before}
      {items.length > 0 ? (
        <Box
          component="ul"
          ref={listRef}
          aria-label={props.label}
          data-testid={props.listTestId}
          onKeyDown={onKeyDown}
          onFocus={(e) => setFocused(indexOf(e.target as HTMLElement))}
          sx={{ m: 0, p: 0, listStyle: 'none', paddingBottom: `${padBottom}px` }}
        >
          {rows.map((r, i) => (
            <Box
              component="li"
              key={r.key}
              data-index={r.index}
              aria-posinset={r.index + 1}
              aria-setsize={items.length}
              ref={measured ? virtualizer.measureElement : undefined}
              sx={{
                listStyle: 'none',
                marginTop: measured ? `${r.start - (i > 0 ? (rows[i - 1]?.end ?? 0) : 0)}px` : undefined,
                '& :focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              {props.renderItem(items[r.index] as T, r.index, { active: r.index === active })}
            </Box>
          ))}
        </Box>
      ) : null}
      {props.after}
    </Box>
  );
}

function indexOf(el: HTMLElement): number | null {
  const row = el.closest<HTMLElement>('[data-index]');
  return row ? Number(row.dataset.index) : null;
}

function rowElement(list: HTMLElement | null, index: number): HTMLElement | null {
  return list?.querySelector<HTMLElement>(`:scope > [data-index="${index}"]`) ?? null;
}
