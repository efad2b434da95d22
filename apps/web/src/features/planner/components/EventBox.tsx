import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import CircularProgress from '@mui/material/CircularProgress';
import { type KeyboardEvent, memo, type PointerEvent, useEffect, useRef, useState } from 'react';
import { eventGeometry, type TimeAxis } from '../rules/axis.ts';
import { COMPACT_WIDTH, chipText } from '../rules/compact-chip.ts';
import { indicatorBox } from '../rules/drop-indicator.ts';
import { type EventPlace, keyboardMove } from '../rules/keyboard-move.ts';
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
  /** Its colours when coloured by a value of its job (a planner setting); the timing's otherwise. */
  colours?: { background: string; color: string } | undefined;
  /** A short visible warning (it cannot be reached in time): an icon and this text; the label says why. */
  warning?: string | undefined;
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

/**
 * Arrow keys move a draft of the event; it is saved once when the keys rest this long, when the focus
 * leaves or another key is pressed (four quick presses: an hour, one save), and Escape puts it back.
 */
const KEY_SETTLE_MS = 600;

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
  const keyDraft = useKeyDraft(props);
  const shown = preview ?? keyDraft.place ?? place;
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
  const width = Math.max(6, box.width - 2);
  // Too narrow for its lines: a chip of the name's initials; the hover card (onHover) tells the rest.
  const compact = width < COMPACT_WIDTH;
  const classes = [
    'fp-event',
    compact ? 'compact' : '',
    props.colours ? 'coloured' : props.timing,
    saving ? 'saving' : blocked ? 'blocked' : preview || keyDraft.place ? 'dragged' : '',
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
        width,
        top: 3 + props.lane * laneHeight + (shown.rowIndex - place.rowIndex) * ROW_HEIGHT,
        height: laneHeight - 1,
        ...(props.colours ? { backgroundColor: props.colours.background, color: props.colours.color } : {}),
      }}
    >
      {compact ? (
        <span aria-hidden className="fp-event-chip" data-testid="planner-event-chip">
          {saving ? (
            <CircularProgress size={10} color="inherit" />
          ) : props.warning ? (
            <WarningAmberIcon
              className="fp-event-chip-warning"
              data-testid="planner-event-late"
              sx={{ fontSize: 12 }}
            />
          ) : (
            chipText(props.title, width)
          )}
        </span>
      ) : (
        <>
          <span aria-hidden className="fp-event-line fp-event-title">
            {saving && <CircularProgress size={10} color="inherit" sx={{ mr: 0.5 }} />}
            {props.warning && (
              <span className="fp-event-warning" data-testid="planner-event-late">
                <WarningAmberIcon aria-hidden sx={{ fontSize: 12, verticalAlign: '-2px', mr: 0.25 }} />
                {props.warning}
              </span>
            )}
            {props.title}
          </span>
          <span aria-hidden className="fp-event-line">
            {props.subtitle}
          </span>
        </>
      )}
      <button
        type="button"
        className="fp-event-focus"
        aria-label={props.label}
        aria-disabled={saving || undefined}
        aria-busy={saving || undefined}
        aria-keyshortcuts="ArrowLeft ArrowRight ArrowUp ArrowDown Shift+ArrowLeft Shift+ArrowRight Enter ContextMenu Shift+F10"
        data-event-key={eventKey}
        onKeyDown={keyDraft.onKeyDown}
        onFocus={(e) => hover(e.currentTarget.parentElement)}
        onBlur={() => {
          keyDraft.save();
          hover(null);
        }}
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

/**
 * The arrow keys' draft of an event's place (KEY_SETTLE_MS): shown at once, saved once through
 * onCommit. Other keys save the draft first and then go to the timeline's onKey (Enter, Tab, the menu).
 */
function useKeyDraft(props: EventBoxProps) {
  const [draft, setDraft] = useState<EventPlace | null>(null);
  const latest = useRef({ props, draft });
  latest.current = { props, draft };
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const save = () => {
    clearTimeout(timer.current);
    const { props: p, draft: d } = latest.current;
    if (!d) return;
    latest.current.draft = null;
    setDraft(null);
    if (placeChanged(d, p.place)) p.onCommit(p.eventKey, d);
  };
  const saveRef = useRef(save);
  saveRef.current = save;
  // A draft left when the event is no longer drawn (scrolled away, the view changed) is saved too.
  useEffect(() => () => saveRef.current(), []);
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const { props: p, draft: d } = latest.current;
    if (e.key.startsWith('Arrow') && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      if (p.saving) return;
      const next = keyboardMove(d ?? p.place, e.key, e.shiftKey, p.rows);
      if (!next) return;
      latest.current.draft = next;
      setDraft(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => saveRef.current(), KEY_SETTLE_MS);
      return;
    }
    if (e.key === 'Escape' && d) {
      e.preventDefault();
      clearTimeout(timer.current);
      latest.current.draft = null;
      setDraft(null);
      return;
    }
    save();
    p.onKey(p.eventKey, e);
  };
  return { place: draft, onKeyDown, save };
}
