import type { TravelBoard, TravelLeg } from '@fieldport/contract';
import { eventGeometry, type TimeAxis } from './axis.ts';

const MINUTE = 60_000;

/** Each user's legs by appointment (Scheduler/Travel): a row looks up its own only. */
export type UserLegs = ReadonlyMap<number, TravelLeg>;

/**
 * The board's legs grouped by user, then appointment. The same map for a user between two answers when
 * nothing of theirs changed is not needed: a row redraws when its map is new, which is once per answer.
 */
export function legsByUser(board: TravelBoard | undefined): ReadonlyMap<number, UserLegs> {
  const out = new Map<number, Map<number, TravelLeg>>();
  for (const leg of board?.Legs ?? []) {
    const mine = out.get(leg.UserId) ?? new Map<number, TravelLeg>();
    if (mine.size === 0) out.set(leg.UserId, mine);
    mine.set(leg.AppointmentId, leg);
  }
  return out;
}

/**
 * The drive before an appointment as a segment of its row: from `minutes` before its start to its start
 * (cut to the shown part of the axis); null when none of it shows or there is no drive.
 */
export function travelSegment(
  axis: TimeAxis,
  start: number,
  minutes: number,
): { left: number; width: number } | null {
  if (minutes <= 0) return null;
  return eventGeometry(axis, start - minutes * MINUTE, start);
}

/** Cannot be reached in time: the previous appointment's end plus the drive is after this start. */
export const isLate = (previousEnd: number, minutes: number, start: number): boolean =>
  previousEnd + minutes * MINUTE > start;

interface Timed {
  id: number;
  start: number;
  end: number;
}

/**
 * The appointments of a row that cannot be reached in time from the one driven from, with the times as
 * shown now (a move waiting to save included): the leg's drive after the previous one's end.
 */
export function lateAppointments(items: readonly Timed[], legs: UserLegs | undefined): Set<number> {
  const late = new Set<number>();
  if (!legs) return late;
  const byId = new Map(items.map((i) => [i.id, i]));
  for (const item of items) {
    const leg = legs.get(item.id);
    const previous = leg?.FromAppointmentId == null ? undefined : byId.get(leg.FromAppointmentId);
    if (
      leg &&
      previous &&
      previous.start <= item.start &&
      isLate(previous.end, leg.TravelMinutes, item.start)
    )
      late.add(item.id);
  }
  return late;
}

/** A technician's day: minutes booked and driven against the working minutes left after absences. */
export interface DayLoad {
  bookedMinutes: number;
  travelMinutes: number;
  capacityMinutes: number;
  /** (booked + travel) / capacity, 0 when there is no capacity and nothing booked. */
  ratio: number;
}

/**
 * The load of one user's day [dayStart, dayEnd): the appointments' minutes inside it, the drives before
 * them, against the company's working minutes less the absences' minutes inside it.
 */
export function dayLoad(
  items: readonly (Timed & { absence: boolean })[],
  legs: UserLegs | undefined,
  day: { start: number; end: number },
  workMinutes: number,
): DayLoad {
  let booked = 0;
  let away = 0;
  let travel = 0;
  for (const i of items) {
    const minutes = Math.max(0, (Math.min(i.end, day.end) - Math.max(i.start, day.start)) / MINUTE);
    if (minutes === 0) continue;
    if (i.absence) away += minutes;
    else {
      booked += minutes;
      if (i.start >= day.start) travel += legs?.get(i.id)?.TravelMinutes ?? 0;
    }
  }
  const capacity = Math.max(0, workMinutes - away);
  const used = booked + travel;
  return {
    bookedMinutes: Math.round(booked),
    travelMinutes: Math.round(travel),
    capacityMinutes: Math.round(capacity),
    ratio: capacity > 0 ? used / capacity : used > 0 ? Number.POSITIVE_INFINITY : 0,
  };
}

/** How full a day is, for the bar's colour: up to 85 % ok, up to 100 % full, over it overbooked. */
export function loadLevel(ratio: number): 'ok' | 'full' | 'over' {
  if (ratio > 1) return 'over';
  return ratio > 0.85 ? 'full' : 'ok';
}
