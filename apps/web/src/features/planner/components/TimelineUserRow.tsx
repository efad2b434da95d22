import type { SchedulerEvent } from '@fieldport/contract';
import { type KeyboardEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatWhen } from '../format.ts';
import { eventGeometry, type TimeAxis } from '../rules/axis.ts';
import type { EventPlace } from '../rules/keyboard-move.ts';
import { assignLanes } from '../rules/lanes.ts';
import type { TimelineRow } from '../rules/rows.ts';
import { timingState } from '../rules/timing.ts';
import { parseWallClock } from '../rules/wall-clock.ts';
import type { PendingChange } from '../use-event-changes.ts';
import { EventBox } from './EventBox.tsx';
import { TentativeBoxes, type TentativeEvent } from './suggest/TentativeBoxes.tsx';

export const NAME_WIDTH = 200;

/** Each event's times, parsed once: an event the cache keeps (unchanged) is the same object. */
const parsedTimes = new WeakMap<SchedulerEvent, { start: number; end: number }>();
function timesOf(event: SchedulerEvent): { start: number; end: number } {
  let times = parsedTimes.get(event);
  if (!times) {
    times = { start: parseWallClock(event.startDate), end: parseWallClock(event.endDate) };
    parsedTimes.set(event, times);
  }
  return times;
}

/** An event as it shows on one user's row. */
export interface Placed {
  key: string;
  event: SchedulerEvent;
  userId: number;
  start: number;
  end: number;
  saving: boolean;
}

/** An event on a user's row, at its saving times while a change of it saves. */
export function placeOf(
  event: SchedulerEvent,
  userId: number,
  pending: ReadonlyMap<number, PendingChange>,
): Placed {
  const p = pending.get(event.id);
  const { start, end } = p ?? timesOf(event);
  return { key: `${event.id}:${userId}`, event, userId, start, end, saving: !!p };
}

/** What a row's events do, the same functions for every row and render (Timeline's). */
export interface RowHandlers {
  commit(key: string, place: EventPlace): void;
  onKey(key: string, e: KeyboardEvent<HTMLElement>): void;
  open(key: string): void;
  select?: ((key: string) => void) | undefined;
  menu?: ((key: string, anchor: { x: number; y: number }) => void) | undefined;
  hover?: ((key: string, at: HTMLElement | null) => void) | undefined;
  onUser?: ((resource: { id: number; name: string }) => void) | undefined;
}

interface Props {
  row: Extract<TimelineRow, { kind: 'user' }>;
  index: number;
  top: number;
  /** The user's events (the cache keeps an unchanged event the same object). */
  events: readonly SchedulerEvent[];
  pending: ReadonlyMap<number, PendingChange>;
  axis: TimeAxis;
  rows: readonly TimelineRow[];
  now: number;
  gridLines: string;
  tentative: readonly TentativeEvent[] | undefined;
  handlers: RowHandlers;
}

/** A row draws again only when its own events (or what every row shows) changed: a live change redraws one. */
const sameRow = (a: Props, b: Props) =>
  (Object.keys(a) as (keyof Props)[]).every((k) =>
    k === 'events'
      ? a.events.length === b.events.length && a.events.every((e, i) => e === b.events[i])
      : a[k] === b[k],
  );

/** One user's row of the timeline: the name cell and the user's events in their lanes. */
export const TimelineUserRow = memo(function TimelineUserRow(props: Props) {
  const { row, index, axis, now, handlers } = props;
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const placed = props.events.map((e) => placeOf(e, row.resource.id, props.pending));
  // Plain elements styled by class on the grid (timeline-styles.ts), as the events are.
  return (
    // biome-ignore lint/a11y/useSemanticElements: an ARIA grid of positioned divs (a table's layout cannot window 2,000 rows); focus is on the events
    // biome-ignore lint/a11y/useFocusableInteractive: the same
    <div
      role="row"
      className="fp-row"
      aria-rowindex={index + 2}
      data-testid={`planner-row-${row.resource.id}`}
      style={{ top: props.top }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the same */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: the same */}
      <div role="rowheader" className="fp-row-name">
        {handlers.onUser ? (
          <UserCellButton resource={row.resource} onUser={handlers.onUser} />
        ) : (
          row.resource.name
        )}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: the same */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: the same */}
      <div
        role="gridcell"
        className="fp-row-cells"
        style={{ width: axis.width, backgroundImage: props.gridLines }}
      >
        <TentativeBoxes axis={axis} items={props.tentative} />
        {assignLanes(placed).map(({ item, lane, lanes }) => {
          if (!eventGeometry(axis, item.start, item.end)) return null;
          const name = item.event.isAbsence ? item.event.name || t('event.absence') : item.event.name;
          const sameDay = axis.scope === 'QDay';
          const when = (ms: number) => (sameDay ? formatClock(ms, lang) : formatWhen(ms, lang));
          const timing = timingState(now, item.start, item.end);
          const label = t('event.label', {
            user: row.resource.name,
            name,
            start: when(item.start),
            end: when(item.end),
            timing: item.saving ? t('event.saving') : t(`event.timing.${timing}`),
          });
          return (
            <EventBox
              key={item.key}
              eventKey={item.key}
              title={name}
              subtitle={`${formatClock(item.start, lang)}–${formatClock(item.end, lang)}${item.event.address ? ` · ${item.event.address}` : ''}`}
              label={label}
              resizeLabel={t('event.resize', { name })}
              place={{ start: item.start, end: item.end, rowIndex: index }}
              lane={lane}
              lanes={lanes}
              timing={timing}
              saving={item.saving}
              axis={axis}
              rows={props.rows}
              onCommit={handlers.commit}
              onKey={handlers.onKey}
              onOpen={handlers.open}
              onSelect={handlers.select}
              onMenu={handlers.menu}
              onHover={handlers.hover}
            />
          );
        })}
      </div>
    </div>
  );
}, sameRow);

/** A user's name as a button that shows the user's route on the map. */
function UserCellButton({
  resource,
  onUser,
}: {
  resource: { id: number; name: string };
  onUser(resource: { id: number; name: string }): void;
}) {
  const { t } = useTranslation('planner');
  return (
    <button
      type="button"
      className="fp-row-user"
      data-testid={`planner-user-${resource.id}`}
      title={t('map.userRoute', { name: resource.name })}
      onClick={() => onUser({ id: resource.id, name: resource.name })}
    >
      {resource.name}
    </button>
  );
}
