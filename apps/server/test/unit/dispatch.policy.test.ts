import { matrixFrom } from '@fieldport/dispatch';
import { describe, expect, it } from 'vitest';
import { straightTable } from '../../src/infra/router.ts';
import {
  dayHours,
  detour,
  fixedBecause,
  minutesOf,
  Places,
  priorityOf,
  travelMatrix,
} from '../../src/modules/appointments/dispatch.policy.ts';

const oslo = { latitude: 59.9139, longitude: 10.7522 };
const drammen = { latitude: 59.7439, longitude: 10.2045 };
const day = { start: 0, end: 1440 };

describe('dispatch rules (issue 30, decision 063)', () => {
  it('takes a job’s estimate in quarter hours, two hours when unknown', () => {
    expect(minutesOf('1')).toBe(60);
    expect(minutesOf('0.1')).toBe(15);
    expect(minutesOf('1.1')).toBe(75);
    expect(minutesOf(null)).toBe(120);
    expect(minutesOf('0')).toBe(120);
  });

  it('weighs a sooner-due priority higher, and a job without one lowest', () => {
    expect(priorityOf(4)).toBeGreaterThan(priorityOf(24));
    expect(priorityOf(168)).toBeGreaterThan(priorityOf(null));
  });

  it('keeps absences, started or locked jobs, shared appointments and ones past the day in place', () => {
    const planned = { jobId: 1, jobStatusId: 20, participants: 1, start: 600, end: 660 };
    expect(fixedBecause(planned, day)).toBeNull();
    expect(fixedBecause({ ...planned, jobStatusId: 10 }, day)).toBeNull();
    expect(fixedBecause({ ...planned, jobId: null, jobStatusId: null }, day)).toBe('absence');
    expect(fixedBecause({ ...planned, jobStatusId: 30 }, day)).toBe('started');
    expect(fixedBecause({ ...planned, jobStatusId: 50 }, day)).toBe('started');
    expect(fixedBecause({ ...planned, jobStatusId: 70 }, day)).toBe('started');
    expect(fixedBecause({ ...planned, participants: 2 }, day)).toBe('shared');
    expect(fixedBecause({ ...planned, start: -60 }, day)).toBe('outside');
  });

  it('keeps each place once and the nowhere place at no distance from anything', () => {
    const places = new Places();
    expect(places.of(oslo)).toBe(0);
    expect(places.of({ ...oslo })).toBe(0);
    expect(places.of(drammen)).toBe(1);
    expect(places.of(null)).toBeNull();
    const nowhere = places.nowhere();
    expect(places.nowhere()).toBe(nowhere);
    const m = travelMatrix(straightTable(places.points, { roadFactor: 1.3, speedKmh: 60 }), nowhere);
    expect(m.duration[nowhere * m.size + 0]).toBe(0);
    expect(m.distance[1 * m.size + nowhere]).toBe(0);
    // Oslo–Drammen: about 36 km straight, 47 km by the road factor, 47 minutes at 60 km/h, rounded up.
    expect(m.distance[0 * m.size + 1]).toBeCloseTo(46.8, 0);
    expect(m.duration[0 * m.size + 1]).toBe(Math.ceil(m.distance[1]! - 1e-9));
    expect(Number.isInteger(m.duration[1 * m.size + 0])).toBe(true);
  });

  it('widens a day to reach the fixed stops outside the work hours, and measures a detour', () => {
    const m = matrixFrom(3, (a, b) => ({ duration: Math.abs(a - b) * 30, distance: Math.abs(a - b) * 25 }));
    const fixed = [{ id: 'early', place: 2, start: 420, duration: 60 }];
    expect(dayHours({ start: 480, end: 960 }, fixed, m, 0, 0)).toEqual({ earliest: 360, latest: 960 });
    const late = [{ id: 'late', place: 1, start: 950, duration: 60 }];
    expect(dayHours({ start: 480, end: 960 }, late, m, 0, 0)).toEqual({ earliest: 480, latest: 1040 });
    expect(detour(m, 0, 2, 0)).toEqual({ minutes: 120, km: 100 });
    expect(detour(m, 0, 1, 2)).toEqual({ minutes: 0, km: 0 });
  });
});
