import type { SchedulerData, SchedulerEvent } from '@fieldport/contract';
import Box from '@mui/material/Box';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { usePreference } from '../../../lib/preferences.ts';
import { useTravelBoard } from '../api.ts';
import { eventGeometry, openingScroll, type TimeAxis, xOf } from '../rules/axis.ts';
import { COLOUR_BYS } from '../rules/event-colours.ts';
import type { EventPlace } from '../rules/keyboard-move.ts';
import { ROW_HEIGHT, type TimelineRow } from '../rules/rows.ts';
import { legsByUser } from '../rules/travel-board.ts';
import { DAY, startOfDay } from '../rules/wall-clock.ts';
import type { ChangeRequest, PendingChange } from '../use-event-changes.ts';
import { DropIndicator } from './DropIndicator.tsx';
import { EventHoverTip, type HoverCue } from './EventHoverTip.tsx';
import type { TentativeEvent } from './suggest/TentativeBoxes.tsx';
import { HEADER_HEIGHT, TimelineHeader } from './TimelineHeader.tsx';
import { NAME_WIDTH, type Placed, placeOf, type RowHandlers, TimelineUserRow } from './TimelineUserRow.tsx';
import { timelineStyles } from './timeline-styles.ts';

/** Rows drawn beyond the visible ones, above and below (keyboard focus moves into them). */
const OVERSCAN = 6;
/** A DOM without layout (tests) has no height to window by: it is taken as this big. */
const FALLBACK_RECT = { width: 1200, height: 600 };
const NO_EVENTS: readonly SchedulerEvent[] = [];

/** Where an event shows: on whose row, from when to when (planner ms). */
export interface EventAt {
  user: string;
  start: number;
  end: number;
}

export interface TimelineProps {
  axis: TimeAxis;
  rows: readonly TimelineRow[];
  data: SchedulerData | undefined;
  pending: ReadonlyMap<number, PendingChange>;
  /** The company's wall clock now (ms): the timing colours, the current-time line, today. */
  now: number;
  /** The grid's accessible name (the shown range). */
  label: string;
  groupName(row: Extract<TimelineRow, { kind: 'group' }>): string;
  onChange(request: ChangeRequest, userName: string): void;
  onOpen(event: SchedulerEvent): void;
  onDay(day: number): void;
  /** A single click on an event: its appointment dialog. */
  onSelect?(event: SchedulerEvent): void;
  /** The event's menu (right click, the ContextMenu key, Shift+F10), at a point. */
  onMenu?(event: SchedulerEvent, anchor: { x: number; y: number }): void;
  /** An event's tooltip content (the hover card): the event where it shows, on whose row and when. */
  tooltip?(event: SchedulerEvent, at: EventAt): ReactNode;
  /** A proposed plan's events by user, drawn dashed until accepted or discarded (components/suggest). */
  tentative?: ReadonlyMap<number, readonly TentativeEvent[]> | undefined;
  /** A user cell click: that user's route on the map (000 §2); the name is a button when given. */
  onUser?(resource: { id: number; name: string }): void;
  /** "Optimise this day" on a user's row (components/optimise); the row shows its button when given. */
  onOptimise?: ((resource: { id: number; name: string }) => void) | undefined;
  /** The chosen day (the toolbar's date): the month view opens scrolled to its week. */
  chosen?: number;
}

/**
 * The resource timeline (decision 035): a grid of the users' rows (50 px, only those in view and a few
 * more in the DOM) under the time axis' headers, each row's events placed by time. Events are the
 * grid's focusable cells' content: Tab reaches them, the arrow keys move them, the pointer drags them.
 */
export function Timeline(props: TimelineProps) {
  const { axis, rows, data, pending, now, onChange, onOpen } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusRequest = useRef<{ key: string; rowIndex: number; tries?: number } | null>(null);
  // Drawn again to take a focus request to a row that had to be scrolled to first.
  const [, redraw] = useState(0);

  // The drive before each appointment, the late ones and the day's load (issue 30.4): day and week views.
  const travel = useTravelBoard(
    axis.days[0]?.day ?? 0,
    (axis.days.at(-1)?.day ?? 0) + DAY,
    axis.scope !== 'QMonth' && axis.days.length > 0,
  );
  const legs = useMemo(() => legsByUser(travel.data), [travel.data]);
  const [colourPreference] = usePreference('PlannerColourBy');
  const colourBy = COLOUR_BYS.includes(colourPreference) ? colourPreference : 'timing';

  const rowOfUser = useMemo(() => {
    const map = new Map<number, number>();
    rows.forEach((r, i) => {
      if (r.kind === 'user') map.set(r.resource.id, i);
    });
    return map;
  }, [rows]);

  // Built once per answer (thousands of events at the large sizes, bench/planner.ts): each user's
  // events, in place; an event becomes a placed box only on a drawn row (TimelineUserRow), so an answer
  // or a live change costs a pass over the events, not a box each (decisions 041, 043). The Tab order
  // is made only when Tab is pressed.
  const byUser = useMemo(() => {
    const assigned = new Map<number, number[]>();
    for (const a of data?.assignments ?? []) {
      const list = assigned.get(a.eventId);
      if (list) list.push(a.resourceId);
      else assigned.set(a.eventId, [a.resourceId]);
    }
    const events = new Map<number, SchedulerEvent[]>();
    for (const event of data?.events ?? []) {
      for (const userId of pending.get(event.id)?.resourceIds ?? assigned.get(event.id) ?? []) {
        const list = events.get(userId);
        if (list) list.push(event);
        else events.set(userId, [event]);
      }
    }
    return { events, assigned };
  }, [data, pending]);

  /** The event of a key (`eventId:userId`) as it shows on that user's row. */
  const placedOf = useCallback(
    (key: string): Placed | undefined => {
      const [eventId, userId] = key.split(':').map(Number) as [number, number];
      const event = byUser.events.get(userId)?.find((e) => e.id === eventId);
      return event && placeOf(event, userId, pending);
    },
    [byUser, pending],
  );

  /** Every shown event in reading order (rows, then start): Tab goes through all, drawn or not. */
  const tabOrder = useCallback(
    () =>
      rows.flatMap((r, rowIndex) =>
        r.kind === 'user'
          ? (byUser.events.get(r.resource.id) ?? [])
              .map((e) => placeOf(e, r.resource.id, pending))
              .filter((p) => eventGeometry(axis, p.start, p.end))
              .sort((a, b) => a.start - b.start)
              .map((p) => ({ key: p.key, rowIndex }))
          : [],
      ),
    [rows, byUser, pending, axis],
  );
  /** Whether any event shows (then Tab reaches the events, else the grid itself); stops at the first. */
  const anyShown = useMemo(() => {
    for (const [userId, events] of byUser.events) {
      if (!rowOfUser.has(userId)) continue;
      for (const e of events) {
        const p = placeOf(e, userId, pending);
        if (eventGeometry(axis, p.start, p.end)) return true;
      }
    }
    return false;
  }, [byUser, pending, rowOfUser, axis]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    scrollMargin: HEADER_HEIGHT,
    useFlushSync: false,
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : FALLBACK_RECT)),
  });

  const commit = useCallback(
    (key: string, place: EventPlace) => {
      const item = placedOf(key);
      const target = rows[place.rowIndex];
      if (!item || item.saving || target?.kind !== 'user') return;
      const current = pending.get(item.event.id)?.resourceIds ??
        byUser.assigned.get(item.event.id) ?? [item.userId];
      const resourceIds = [...new Set(current.map((id) => (id === item.userId ? target.resource.id : id)))];
      focusRequest.current = { key: `${item.event.id}:${target.resource.id}`, rowIndex: place.rowIndex };
      onChange({ event: item.event, start: place.start, end: place.end, resourceIds }, target.resource.name);
    },
    [placedOf, byUser, rows, pending, onChange],
  );

  const onKey = useCallback(
    (key: string, e: KeyboardEvent<HTMLElement>) => {
      const item = placedOf(key);
      if (!item) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        onOpen(item.event);
        return;
      }
      if (props.onMenu && (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey))) {
        e.preventDefault();
        const rect = e.currentTarget.getBoundingClientRect();
        props.onMenu(item.event, { x: rect.left + 8, y: rect.bottom });
        return;
      }
      if (e.key === 'Tab') {
        // The next event may be on a row not drawn yet: scroll to it and focus it once drawn.
        const order = tabOrder();
        const at = order.findIndex((o) => o.key === key);
        const next = order[at + (e.shiftKey ? -1 : 1)];
        if (at < 0 || !next) return;
        e.preventDefault();
        focusRequest.current = next;
        redraw((n) => n + 1);
        return;
      }
    },
    [placedOf, onOpen, tabOrder, props.onMenu],
  );

  const { onSelect, onMenu, tooltip, onUser, onOptimise } = props;
  // The rows' handlers read the latest of these: the same functions for every render, so a row whose
  // own events did not change is not drawn again (TimelineUserRow).
  const latest = useRef({ placedOf, commit, onKey, onOpen, onSelect, onMenu, tooltip });
  latest.current = { placedOf, commit, onKey, onOpen, onSelect, onMenu, tooltip };
  const has = { select: !!onSelect, menu: !!onMenu, tip: !!tooltip };
  const tipCue = useRef<HoverCue>(() => {});
  const handlers = useMemo((): RowHandlers => {
    const event = (key: string) => latest.current.placedOf(key)?.event;
    return {
      commit: (key, place) => latest.current.commit(key, place),
      onKey: (key, e) => latest.current.onKey(key, e),
      open: (key) => {
        const e = event(key);
        if (e) latest.current.onOpen(e);
      },
      select: has.select
        ? (key) => {
            const e = event(key);
            if (e) latest.current.onSelect?.(e);
          }
        : undefined,
      menu: has.menu
        ? (key, anchor) => {
            const e = event(key);
            if (e) latest.current.onMenu?.(e, anchor);
          }
        : undefined,
      hover: has.tip ? (key, at) => tipCue.current(key, at) : undefined,
      onUser,
      optimise: onOptimise,
    };
  }, [has.select, has.menu, has.tip, onUser, onOptimise]);

  // Keeps the focus on a moved event: it is drawn anew on its new row, which may first need scrolling to.
  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-event-key="${request.key}"]`);
    if (el) {
      if (el !== document.activeElement) el.focus();
      focusRequest.current = null;
      return;
    }
    request.tries = (request.tries ?? 0) + 1;
    if (request.tries > 20) {
      focusRequest.current = null; // gone meanwhile (deleted, or moved out of the shown days)
      return;
    }
    virtualizer.scrollToIndex(request.rowIndex, { align: 'auto' });
    // Without layout (or when the row is already in range) the scroll may not draw again by itself.
    const retry = setTimeout(() => redraw((n) => n + 1), 50);
    return () => clearTimeout(retry);
  });

  // Opened (a new scope or range mounts a new timeline): the month view scrolled to the chosen week.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, where the timeline opens.
  useLayoutEffect(() => {
    const x = props.chosen === undefined ? 0 : openingScroll(axis, props.chosen);
    if (x > 0 && scrollRef.current) scrollRef.current.scrollLeft = x;
  }, []);
  const items = virtualizer.getVirtualItems();
  // The bench's "first paint of the day view" (bench/planner.ts): rows with their events committed.
  const eventsShown = data !== undefined && data.events.length > 0 && items.length > 0;
  useLayoutEffect(() => {
    if (eventsShown) performance.mark('planner:events-committed');
  }, [eventsShown]);
  const bodyHeight = rows.length * ROW_HEIGHT;
  const today = axis.scope === 'QDay' ? null : axis.days.find((d) => d.day === startOfDay(now));
  const nowLine =
    axis.scope === 'QDay' && axis.days[0] && now >= axis.days[0].start && now <= axis.days[0].end;
  const gridLines =
    axis.scope === 'QDay'
      ? `repeating-linear-gradient(to right, transparent 0 ${Math.round(axis.scale * 3_600_000) - 1}px, rgba(0,0,0,0.12) 0 ${Math.round(axis.scale * 3_600_000)}px)`
      : `repeating-linear-gradient(to right, transparent 0 ${(axis.days[0]?.width ?? 1) - 1}px, rgba(0,0,0,0.12) 0 ${axis.days[0]?.width ?? 1}px)`;

  return (
    <Box
      ref={scrollRef}
      role="grid"
      aria-label={props.label}
      aria-rowcount={rows.length + 1}
      // With no event to tab to, the grid itself takes the focus so it can be scrolled by keyboard.
      tabIndex={anyShown ? undefined : 0}
      data-testid="planner-timeline"
      sx={{
        position: 'relative',
        overflow: 'auto',
        flex: 1,
        minHeight: 0,
        border: 1,
        borderColor: 'divider',
        ...timelineStyles,
      }}
    >
      {tooltip && (
        <EventHoverTip
          cue={tipCue}
          content={(key) => {
            const p = latest.current.placedOf(key);
            if (!p || !latest.current.tooltip) return null;
            const row = rows.find((r) => r.kind === 'user' && r.resource.id === p.userId);
            const user = row?.kind === 'user' ? row.resource.name : '';
            return latest.current.tooltip(p.event, { user, start: p.start, end: p.end });
          }}
        />
      )}
      <TimelineHeader axis={axis} nameWidth={NAME_WIDTH} today={now} onDay={props.onDay} />
      <Box role="rowgroup" sx={{ position: 'relative', height: bodyHeight, width: NAME_WIDTH + axis.width }}>
        <DropIndicator offset={NAME_WIDTH} />
        {today && (
          <Box
            aria-hidden
            data-testid="planner-today"
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: NAME_WIDTH + today.x,
              width: today.width,
              bgcolor: 'action.selected',
            }}
          />
        )}
        {nowLine && (
          <Box
            aria-hidden
            data-testid="planner-now"
            sx={{
              position: 'absolute',
              top: 0,
              bottom: 0,
              left: NAME_WIDTH + xOf(axis, now),
              width: 2,
              bgcolor: 'error.main',
              zIndex: 2,
            }}
          />
        )}
        {items.map((v) => {
          const row = rows[v.index];
          if (!row) return null;
          const top = v.start - HEADER_HEIGHT;
          if (row.kind === 'group') {
            return (
              <Box
                key={row.key}
                role="row"
                aria-rowindex={v.index + 2}
                style={{ top }}
                sx={{
                  position: 'absolute',
                  height: ROW_HEIGHT,
                  left: 0,
                  right: 0,
                  bgcolor: 'grey.100',
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Box
                  role="rowheader"
                  sx={{
                    position: 'sticky',
                    left: 0,
                    width: NAME_WIDTH + Math.min(axis.width, 600),
                    px: 1,
                    lineHeight: `${ROW_HEIGHT}px`,
                    fontWeight: 700,
                  }}
                >
                  {props.groupName(row)}
                </Box>
              </Box>
            );
          }
          return (
            <TimelineUserRow
              key={row.key}
              row={row}
              index={v.index}
              top={top}
              events={byUser.events.get(row.resource.id) ?? NO_EVENTS}
              pending={pending}
              axis={axis}
              rows={rows}
              now={now}
              gridLines={gridLines}
              tentative={props.tentative?.get(row.resource.id)}
              legs={legs.get(row.resource.id)}
              workMinutes={travel.data?.WorkMinutes}
              colourBy={colourBy}
              handlers={handlers}
            />
          );
        })}
      </Box>
    </Box>
  );
}
