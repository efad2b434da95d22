import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import { type KeyboardEvent, memo, type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { eventGeometry, type TimeAxis } from '../rules/axis.ts';
import { indicatorBox } from '../rules/drop-indicator.ts';
import type { EventPlace } from '../rules/keyboard-move.ts';
import { type DragMode, placeChanged, pointerMove } from '../rules/pointer-move.ts';
import { ROW_HEIGHT, type TimelineRow } from '../rules/rows.ts';
import type { TimingState } from '../rules/timing.ts';
import { showDropIndicator } from './DropIndicator.tsx';

/** 000 §4: upcoming in the primary colour, in progress the next one, past greyed. */
const TIMING_COLOURS: Record<TimingState, { bgcolor: string; color: string }> = {
  upcoming: { bgcolor: 'primary.main', color: 'primary.contrastText' },
  inProgress: { bgcolor: 'secondary.main', color: 'secondary.contrastText' },
  past: { bgcolor: 'grey.300', color: 'grey.900' },
};

/** Pixels a pointer must travel before a press becomes a drag (a click or double click stays one). */
const DRAG_THRESHOLD = 4;

export interface EventBoxProps {
  /** data-event-key: the event on this row (one event shows on each of its users' rows). */
  eventKey: string;
  title: string;
  subtitle: string;
  label: string;
  resizeLabel: string;
  place: EventPlace;
  lane: number;
  lanes: number;
  timing: TimingState;
  saving: boolean;
  axis: TimeAxis;
  rows: readonly TimelineRow[];
  onCommit(eventKey: string, place: EventPlace): void;
  onKey(eventKey: string, e: KeyboardEvent<HTMLElement>): void;
  onOpen(eventKey: string): void;
  /** A single click (not a drag, not part of a double click): the appointment dialog. */
  onSelect?(eventKey: string): void;
  /** Right click: the event's menu at the pointer. */
  onMenu?(eventKey: string, anchor: { x: number; y: number }): void;
  /** The tooltip's content, shown after 500 ms. */
  tooltip?(eventKey: string): ReactNode;
}

/** A click waits this long for a second one: a double click opens the job instead of the dialog. */
const CLICK_DELAY = 250;

interface Drag {
  mode: DragMode;
  x: number;
  y: number;
  id: number;
  moved: boolean;
  preview: EventPlace | null;
}

/**
 * One event on a user's row, placed by its times: focusable (its name says who, what and when), moved
 * and resized with the pointer (snapped to 15 minutes, shown where it will land while dragged) and the
 * keys (the timeline's onKey), inactive with a spinner while its change saves.
 */
export const EventBox = memo(function EventBox(props: EventBoxProps) {
  const { eventKey, place, axis, rows, saving } = props;
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const clickTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [preview, setPreview] = useState<EventPlace | null>(null);
  // Dragged over no valid place (off the axis, off a user's row): the not-allowed cursor.
  const [blocked, setBlocked] = useState(false);
  const shown = preview ?? place;
  const box = eventGeometry(axis, shown.start, shown.end);
  if (!box) return null;
  const laneHeight = (ROW_HEIGHT - 6) / Math.max(1, props.lanes);

  const down = (e: PointerEvent<HTMLElement>, mode: DragMode) => {
    if (saving || e.button !== 0) return;
    e.stopPropagation();
    drag.current = { mode, x: e.clientX, y: e.clientY, id: e.pointerId, moved: false, preview: null };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const move = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = d.mode === 'move' ? e.clientY - d.y : 0;
    if (!d.moved && Math.abs(dx) < DRAG_THRESHOLD && Math.abs(dy) < DRAG_THRESHOLD) return;
    d.moved = true;
    d.preview = pointerMove(axis, rows, place, d.mode, dx, dy);
    setPreview(d.preview);
    setBlocked(d.preview === null);
    const p = d.preview;
    showDropIndicator(e.currentTarget, p && indicatorBox(axis, p.start, p.end, p.rowIndex));
  };
  const up = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    dragged.current = d.moved;
    setPreview(null);
    setBlocked(false);
    showDropIndicator(e.currentTarget, null);
    if (d.moved && d.preview && placeChanged(d.preview, place)) props.onCommit(eventKey, d.preview);
  };
  const cancel = (e: PointerEvent<HTMLElement>) => {
    drag.current = null;
    setPreview(null);
    setBlocked(false);
    showDropIndicator(e.currentTarget, null);
  };

  // The focusable button covers the box with no text of its own: its name says who, what and when, and
  // the visible lines (part of it) stay out of it, so the name need not repeat them word for word.
  const body = (
    <Box
      data-testid="planner-event"
      onPointerDown={(e) => down(e, 'move')}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      onClick={() => {
        if (dragged.current || !props.onSelect) return;
        clearTimeout(clickTimer.current);
        clickTimer.current = setTimeout(() => props.onSelect?.(eventKey), CLICK_DELAY);
      }}
      onDoubleClick={() => {
        clearTimeout(clickTimer.current);
        props.onOpen(eventKey);
      }}
      onContextMenu={(e) => {
        if (!props.onMenu) return;
        e.preventDefault();
        props.onMenu(eventKey, { x: e.clientX, y: e.clientY });
      }}
      // Its place is inline: in `sx` each box's own numbers would make a style rule of its own, added
      // to the page's stylesheet (and its styles worked out again) for every box drawn (decision 043).
      style={{
        left: box.left + 1,
        width: Math.max(6, box.width - 2),
        top: 3 + props.lane * laneHeight + (shown.rowIndex - place.rowIndex) * ROW_HEIGHT,
        height: laneHeight - 1,
      }}
      sx={{
        position: 'absolute',
        ...TIMING_COLOURS[props.timing],
        opacity: saving ? 0.7 : 1,
        borderRadius: 1,
        px: 0.75,
        overflow: 'hidden',
        cursor: saving ? 'progress' : blocked ? 'not-allowed' : preview ? 'grabbing' : 'grab',
        touchAction: 'none',
        userSelect: 'none',
        zIndex: preview ? 4 : 1,
        boxShadow: preview ? 6 : 0,
        fontSize: 12,
        lineHeight: 1.3,
        '&:focus-within': { overflow: 'visible', zIndex: 3 },
      }}
    >
      <Box component="span" aria-hidden sx={{ display: 'block', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {saving && <CircularProgress size={10} color="inherit" sx={{ mr: 0.5 }} />}
        {props.title}
      </Box>
      <Box component="span" aria-hidden sx={{ display: 'block', whiteSpace: 'nowrap' }}>
        {props.subtitle}
      </Box>
      <Box
        role="button"
        tabIndex={0}
        aria-label={props.label}
        aria-disabled={saving || undefined}
        aria-busy={saving || undefined}
        aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Enter ContextMenu Shift+F10"
        data-event-key={eventKey}
        onKeyDown={(e) => props.onKey(eventKey, e)}
        sx={{
          position: 'absolute',
          inset: 0,
          borderRadius: 1,
          outline: 'none',
          '&:focus-visible': { outline: '3px solid', outlineColor: 'warning.main', outlineOffset: 1 },
        }}
      />
      <Box
        aria-hidden
        title={props.resizeLabel}
        data-testid="planner-event-resize"
        onPointerDown={(e) => down(e, 'resize')}
        sx={{ position: 'absolute', right: 0, top: 0, bottom: 0, width: 8, cursor: 'ew-resize', zIndex: 1 }}
      />
    </Box>
  );
  if (!props.tooltip) return body;
  // No tooltip while dragged (an empty title shows none); the box stays the same element throughout.
  return (
    <Tooltip
      title={preview ? '' : <EventTip eventKey={eventKey} tooltip={props.tooltip} />}
      enterDelay={500}
      enterNextDelay={500}
      describeChild
    >
      {body}
    </Tooltip>
  );
});

/** The tooltip's content, made only once it shows (it loads the job). */
function EventTip(props: { eventKey: string; tooltip(eventKey: string): ReactNode }) {
  return <>{props.tooltip(props.eventKey)}</>;
}
