import type { TravelBoard, TravelLeg } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { buildAxis, QUARTER_PX } from './axis.ts';
import { dayLoad, isLate, lateAppointments, legsByUser, loadLevel, travelSegment } from './travel-board.ts';
import { parseWallClock as at } from './wall-clock.ts';

const leg = (over: Partial<TravelLeg>): TravelLeg => ({
  AppointmentId: 1,
  UserId: 7,
  Date: '2026-03-02',
  FromAppointmentId: null,
  FromHome: true,
  TravelMinutes: 30,
  TravelKm: 30,
  Late: false,
  ...over,
});
const board = (legs: TravelLeg[]): TravelBoard => ({ Legs: legs, WorkMinutes: 480, TravelEstimated: true });
const axis = buildAxis('QDay', at('2026-03-02'), true, { startHour: 8, endHour: 16 });

describe('the drive before an appointment on the board', () => {
  it('groups the legs by user and appointment', () => {
    const byUser = legsByUser(
      board([leg({ AppointmentId: 1 }), leg({ AppointmentId: 2, UserId: 8 }), leg({ AppointmentId: 3 })]),
    );
    expect([...byUser.keys()]).toEqual([7, 8]);
    expect([...byUser.get(7)!.keys()]).toEqual([1, 3]);
    expect(legsByUser(undefined).size).toBe(0);
  });

  it('is a segment ending where the appointment starts, as long as the drive', () => {
    // 30 minutes before 10:00: 09:30 to 10:00, two quarters wide, from 1.5 hours into the 08:00 axis.
    expect(travelSegment(axis, at('2026-03-02T10:00'), 30)).toEqual({
      left: 6 * QUARTER_PX,
      width: 2 * QUARTER_PX,
    });
    // Cut where the axis starts; nothing without a drive or before the shown hours.
    expect(travelSegment(axis, at('2026-03-02T08:15'), 30)).toEqual({ left: 0, width: QUARTER_PX });
    expect(travelSegment(axis, at('2026-03-02T10:00'), 0)).toBeNull();
    expect(travelSegment(axis, at('2026-03-02T07:00'), 30)).toBeNull();
  });

  it('flags an appointment the previous one’s end plus the drive is past', () => {
    expect(isLate(at('2026-03-02T10:00'), 50, at('2026-03-02T10:45'))).toBe(true);
    expect(isLate(at('2026-03-02T10:00'), 45, at('2026-03-02T10:45'))).toBe(false);
    const legs = legsByUser(
      board([
        leg({ AppointmentId: 1 }),
        leg({ AppointmentId: 2, FromAppointmentId: 1, TravelMinutes: 50 }),
        leg({ AppointmentId: 3, FromAppointmentId: 2, TravelMinutes: 20 }),
      ]),
    ).get(7);
    const items = [
      { id: 1, start: at('2026-03-02T09:00'), end: at('2026-03-02T10:00') },
      { id: 2, start: at('2026-03-02T10:30'), end: at('2026-03-02T11:00') },
      { id: 3, start: at('2026-03-02T11:30'), end: at('2026-03-02T12:00') },
    ];
    expect([...lateAppointments(items, legs)]).toEqual([2]);
    // Moved later (a move saving): reachable now.
    const moved = items.map((i) =>
      i.id === 2 ? { ...i, start: at('2026-03-02T11:00'), end: at('2026-03-02T11:10') } : i,
    );
    expect([...lateAppointments(moved, legs)]).toEqual([]);
    expect(lateAppointments(items, undefined).size).toBe(0);
  });
});

describe('a technician’s load for the day', () => {
  const day = { start: at('2026-03-02'), end: at('2026-03-03') };
  const legs = legsByUser(
    board([leg({ AppointmentId: 1, TravelMinutes: 30 }), leg({ AppointmentId: 2, TravelMinutes: 45 })]),
  ).get(7);

  it('adds the booked minutes and the drives before them against the working minutes left after absences', () => {
    const load = dayLoad(
      [
        { id: 1, start: at('2026-03-02T08:30'), end: at('2026-03-02T10:30'), absence: false },
        { id: 2, start: at('2026-03-02T11:15'), end: at('2026-03-02T12:15'), absence: false },
        { id: 9, start: at('2026-03-02T12:00'), end: at('2026-03-02T16:00'), absence: true },
      ],
      legs,
      day,
      480,
    );
    expect(load).toEqual({ bookedMinutes: 180, travelMinutes: 75, capacityMinutes: 240, ratio: 255 / 240 });
    expect(loadLevel(load.ratio)).toBe('over');
  });

  it('counts only the part inside the day and is empty for a free day', () => {
    const load = dayLoad(
      [{ id: 1, start: at('2026-03-01T22:00'), end: at('2026-03-02T02:00'), absence: false }],
      legs,
      day,
      480,
    );
    // Two hours inside the day, its drive the day before.
    expect(load).toMatchObject({ bookedMinutes: 120, travelMinutes: 0, ratio: 120 / 480 });
    expect(dayLoad([], legs, day, 480).ratio).toBe(0);
    expect(loadLevel(0.5)).toBe('ok');
    expect(loadLevel(0.9)).toBe('full');
  });
});
