import CircularProgress from '@mui/material/CircularProgress';
import { type KeyboardEvent, memo, type PointerEvent, useRef, useState } from 'react';
import { eventGeometry, type TimeAxis } from '../rules/axis.ts';
import { indicatorBox } from '../rules/drop-indicator.ts';
import type { EventPlace } from '../rules/keyboard-move.ts';
import { type DragMode, placeChanged, pointerMove } from '../rules/pointer-move.ts';
import { ROW_HEIGHT, type TimelineRow } from '../rules/rows.ts';
import type { TimingState } from '../rules/timing.ts';
import { showDropIndicator } from './DropIndicator.tsx';

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
  /** The pointer or the focus came to the event (its element) or left it (null): the tooltip's cue. */
  onHover?(eventKey: string, at: HTMLElement | null): void;
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

  const hover = (at: HTMLElement | null) => {
    if (!drag.current) props.onHover?.(eventKey, at);
  };
  const classes = [
    'fp-event',
    props.timing,
    saving ? 'saving' : blocked ? 'blocked' : preview ? 'dragged' : '',
  ].join(' ');

  // Plain elements styled by class (timeline-styles.ts): a day shows hundreds of these, and MUI's
  // `sx` would work out each one's styles again on every draw (decision 043). The focusable button
  // covers the box with no text of its own: its name says who, what and when, and the visible lines
  // (part of it) stay out of it, so the name need not repeat them word for word.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the event's pointer surface; its keyboard path is the button inside (onKey)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the same: Enter on the button opens, the arrow keys move
    <div
      className={classes}
      data-testid="planner-event"
      onPointerDown={(e) => {
        props.onHover?.(eventKey, null);
        down(e, 'move');
      }}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={cancel}
      onMouseEnter={(e) => hover(e.currentTarget)}
      onMouseLeave={() => hover(null)}
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
      style={{
        left: box.left + 1,
        width: Math.max(6, box.width - 2),
        top: 3 + props.lane * laneHeight + (shown.rowIndex - place.rowIndex) * ROW_HEIGHT,
        height: laneHeight - 1,
      }}
    >
      <span aria-hidden className="fp-event-line fp-event-title">
        {saving && <CircularProgress size={10} color="inherit" sx={{ mr: 0.5 }} />}
        {props.title}
      </span>
      <span aria-hidden className="fp-event-line">
        {props.subtitle}
      </span>
      <button
        type="button"
        className="fp-event-focus"
        aria-label={props.label}
        aria-disabled={saving || undefined}
        aria-busy={saving || undefined}
        aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Enter ContextMenu Shift+F10"
        data-event-key={eventKey}
        onKeyDown={(e) => props.onKey(eventKey, e)}
        onFocus={(e) => hover(e.currentTarget.parentElement)}
        onBlur={() => hover(null)}
      />
      <div
        aria-hidden
        title={props.resizeLabel}
        className="fp-event-resize"
        data-testid="planner-event-resize"
        onPointerDown={(e) => down(e, 'resize')}
      />
    </div>
  );
});
