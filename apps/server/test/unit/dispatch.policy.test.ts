import { describe, expect, it } from 'vitest';
import {
  earliestGap,
  kmBetween,
  legTo,
  proposePlan,
  rankCandidates,
  type Stop,
} from '../../src/modules/appointments/dispatch.policy.ts';

const oslo = { latitude: 59.9139, longitude: 10.7522 };
const bergen = { latitude: 60.3913, longitude: 5.3221 };
const drammen = { latitude: 59.7439, longitude: 10.2045 };
const stop = (start: number, end: number, at: Stop['at'], name = 'Visit'): Stop => ({ start, end, at, name });

describe('dispatch suggestions (issue 12, decision 039)', () => {
  it('measures great-circle distances (Oslo to Bergen is about 305 km)', () => {
    expect(kmBetween(oslo, bergen)).toBeGreaterThan(300);
    expect(kmBetween(oslo, bergen)).toBeLessThan(310);
    expect(kmBetween(oslo, oslo)).toBe(0);
  });

  it('measures the leg from the last placed stop before the start, else from the main office', () => {
    const stops = [stop(480, 540, bergen, 'Bergen visit'), stop(600, 660, null), stop(720, 780, oslo)];
    expect(legTo(stops, 660, oslo, drammen)).toEqual({ km: expect.closeTo(305, -1), from: 'Bergen visit' });
    expect(legTo([], 600, drammen, oslo).from).toBeNull();
    expect(legTo([], 600, drammen, oslo).km).toBeCloseTo(kmBetween(oslo, drammen), 1);
    expect(legTo([], 600, drammen, null)).toEqual({ km: null, from: null });
    expect(legTo(stops, 660, null, oslo)).toEqual({ km: null, from: 'Bergen visit' });
  });

  it('ranks the nearest first, then the lighter day, then by name; unknown travel last', () => {
    const ranked = rankCandidates(
      [
        { user: 'far', name: 'Far', stops: [stop(480, 540, bergen)] },
        { user: 'busy', name: 'Busy', stops: [stop(480, 600, oslo), stop(600, 660, oslo)] },
        { user: 'light', name: 'Light', stops: [stop(480, 540, oslo)] },
        { user: 'nowhere', name: 'Nowhere', stops: [stop(480, 540, null)] },
      ],
      720,
      oslo,
      null,
    );
    expect(ranked.map((r) => [r.user, r.rank])).toEqual([
      ['light', 1],
      ['busy', 2],
      ['far', 3],
      ['nowhere', 4],
    ]);
    expect(ranked[1]).toMatchObject({ travelKm: 0, loadMinutes: 180 });
  });

  it('finds the earliest quarter-hour gap within the window that the job fits', () => {
    const window = { start: 480, end: 960 };
    expect(earliestGap([], 120, window)).toBe(480);
    expect(earliestGap([stop(480, 550, null)], 60, window)).toBe(555);
    expect(earliestGap([stop(540, 600, null)], 60, window)).toBe(480);
    expect(earliestGap([stop(500, 600, null)], 60, window)).toBe(600);
    expect(earliestGap([stop(480, 900, null)], 120, window)).toBeNull();
  });

  it('plans jobs greedily within the work hours, around bookings, a department’s jobs to its users', () => {
    const users = [
      { user: 'north', name: 'North', departmentId: 1, stops: [stop(480, 600, bergen)] },
      { user: 'south', name: 'South', departmentId: 2, stops: [] },
    ];
    const jobs = [
      { job: 'bergen fix', minutes: 120, at: bergen, departmentId: null },
      { job: 'dept 2 job', minutes: 60, at: bergen, departmentId: 2 },
      { job: 'too long', minutes: 600, at: oslo, departmentId: null },
    ];
    const plan = proposePlan(jobs, users, { start: 480, end: 960 }, oslo, (j) => j);
    expect(plan.placed.map((p) => [p.job, p.user, p.start, p.end])).toEqual([
      ['bergen fix', 'north', 600, 720],
      ['dept 2 job', 'south', 480, 540],
    ]);
    expect(plan.unplaced).toEqual(['too long']);
  });
});
