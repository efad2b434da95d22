import type { SchedulerEvent } from '@fieldport/contract';
import { type KeyboardEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatShortDay, formatWhen } from '../format.ts';
import { eventGeometry, type TimeAxis } from '../rules/axis.ts';
import { type ColourBy, colourKey, coloursOf } from '../rules/event-colours.ts';
import type { EventPlace } from '../rules/keyboard-move.ts';
import { assignLanes } from '../rules/lanes.ts';
import { capacityMinutes, ownHoursOf } from '../rules/own-hours.ts';
import type { TimelineRow } from '../rules/rows.ts';
import { timingState } from '../rules/timing.ts';
import {
  type DayLoad,
  dayLoad,
  lateAppointments,
  loadLevel,
  travelSegment,
  type UserLegs,
} from '../rules/travel-board.ts';
import { DAY, parseWallClock } from '../rules/wall-clock.ts';
import type { PendingChange } from '../use-event-changes.ts';
import { EventBox } from './EventBox.tsx';
import { OffHours } from './OffHours.tsx';
import { OptimiseRowButton } from './optimise/OptimiseRowButton.tsx';
import { TentativeBoxes, type TentativeEvent } from './suggest/TentativeBoxes.tsx';
import { useCompanyHours } from './use-company-hours.ts';

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
  optimise?: ((resource: { id: number; name: string }) => void) | undefined;
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
  /** The drive before each of the user's appointments (Scheduler/Travel); undefined until read. */
  legs?: UserLegs | undefined;
  /**
   * The working minutes of a day (the company's work-day setting), for the load bars (day and week view):
   * a user with their own hours that day has those instead (decision 100).
   */
  workMinutes?: number | undefined;
  colourBy?: ColourBy;
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
  const { legs } = props;
  const colourBy = props.colourBy ?? 'timing';
  const timed = placed.map((p) => ({
    id: p.event.id,
    start: p.start,
    end: p.end,
    absence: p.event.isAbsence,
  }));
  const late = lateAppointments(timed, legs);
  const endOf = new Map(timed.map((i) => [i.id, i.end]));
  // Each day's load against the user's own hours that day (decision 100), else the company's work day.
  const company = useCompanyHours();
  const own = ownHoursOf(row.resource);
  const { workMinutes } = props;
  const loadOn = (day: number) =>
    workMinutes === undefined
      ? null
      : dayLoad(timed, legs, { start: day, end: day + DAY }, capacityMinutes(own, day, company, workMinutes));
  const load = axis.scope === 'QDay' ? loadOn(axis.days[0]?.day ?? 0) : null;
  // The week view: each shown day's load as a bar along the bottom of its column (issue 30).
  const dayLoads = axis.scope === 'QWeek' ? axis.days.map((d) => ({ day: d, load: loadOn(d.day) })) : null;
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
      <div role="rowheader" className="fp-row-name" aria-label={row.resource.name}>
        {handlers.onUser ? (
          <UserCellButton resource={row.resource} onUser={handlers.onUser} />
        ) : (
          row.resource.name
        )}
        {handlers.optimise && <OptimiseRowButton resource={row.resource} onOptimise={handlers.optimise} />}
        {load && <LoadBar load={load} name={row.resource.name} />}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: the same */}
      {/* biome-ignore lint/a11y/useFocusableInteractive: the same */}
      <div
        role="gridcell"
        className="fp-row-cells"
        style={{ width: axis.width, backgroundImage: props.gridLines }}
      >
        <TentativeBoxes axis={axis} items={props.tentative} />
        <OffHours axis={axis} resource={row.resource} />
        {dayLoads?.map(
          ({ day, load }) =>
            load && (
              <LoadBar
                key={`load:${day.day}`}
                load={load}
                name={t('board.loadDayOf', { name: row.resource.name, day: formatShortDay(day.day, lang) })}
                at={{ left: day.x + 4, width: Math.max(0, day.width - 8) }}
              />
            ),
        )}
        {legs &&
          placed.map((item) => {
            const leg = legs.get(item.event.id);
            const box = leg && travelSegment(axis, item.start, leg.TravelMinutes);
            if (!leg || !box) return null;
            const from =
              leg.FromAppointmentId !== null
                ? t('board.fromPrevious')
                : leg.FromHome
                  ? t('board.fromHome')
                  : t('board.fromOffice');
            return (
              <div
                key={`travel:${item.key}`}
                aria-hidden
                className={late.has(item.event.id) ? 'fp-travel late' : 'fp-travel'}
                data-testid="planner-travel"
                title={t('board.travelTitle', { minutes: leg.TravelMinutes, km: leg.TravelKm, from })}
                style={{ left: box.left, width: box.width }}
              >
                {box.width >= 34 && (
                  <span className="fp-travel-text">{t('board.minutes', { minutes: leg.TravelMinutes })}</span>
                )}
              </div>
            );
          })}
        {assignLanes(placed).map(({ item, lane, lanes }) => {
          if (!eventGeometry(axis, item.start, item.end)) return null;
          const name = item.event.isAbsence ? item.event.name || t('event.absence') : item.event.name;
          const sameDay = axis.scope === 'QDay';
          const when = (ms: number) => (sameDay ? formatClock(ms, lang) : formatWhen(ms, lang));
          const timing = timingState(now, item.start, item.end);
          const leg = legs?.get(item.event.id);
          const isLate = late.has(item.event.id);
          const key = item.event.isAbsence ? null : colourKey(item.event, colourBy);
          const label = [
            t('event.label', {
              user: row.resource.name,
              name,
              start: when(item.start),
              end: when(item.end),
              timing: item.saving ? t('event.saving') : t(`event.timing.${timing}`),
            }),
            leg ? t('board.travelLabel', { minutes: leg.TravelMinutes, km: leg.TravelKm }) : null,
            isLate && leg
              ? t('board.lateLabel', {
                  minutes: leg.TravelMinutes,
                  end: when(endOf.get(leg.FromAppointmentId ?? -1) ?? item.start),
                })
              : null,
          ]
            .filter(Boolean)
            .join('; ');
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
              colours={key === null ? undefined : coloursOf(key, colourBy)}
              warning={isLate ? t('board.late') : undefined}
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

/**
 * A day's load, booked and driving against the working day: on the user's name cell (day view), or `at`
 * the bottom of the day's column (week view; `name` then says whose and which day).
 */
function LoadBar({ load, name, at }: { load: DayLoad; name: string; at?: { left: number; width: number } }) {
  const { t, i18n } = useTranslation('planner');
  const hours = (minutes: number) =>
    (minutes / 60).toLocaleString(i18n.language, { maximumFractionDigits: 1 });
  const percent = Number.isFinite(load.ratio) ? Math.round(load.ratio * 100) : 999;
  const text = t('board.load', {
    name,
    percent,
    booked: hours(load.bookedMinutes),
    travel: hours(load.travelMinutes),
    capacity: hours(load.capacityMinutes),
  });
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <meter> cannot be coloured alike in every browser nor say "over 100 %"
    <div
      role="meter"
      className={`fp-load ${at ? 'fp-load-day ' : ''}${loadLevel(load.ratio)}`}
      data-testid={at ? 'planner-day-load' : 'planner-load'}
      style={at}
      aria-label={text}
      aria-valuemin={0}
      aria-valuemax={Math.max(100, percent)}
      aria-valuenow={percent}
      aria-valuetext={`${percent} %`}
      title={text}
    >
      <div className="fp-load-fill" style={{ width: `${Math.min(100, percent)}%` }} />
    </div>
  );
}

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
