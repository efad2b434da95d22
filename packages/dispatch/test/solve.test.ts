import { describe, expect, it } from 'vitest';
import { checkPlan } from '../src/check.ts';
import { solve } from '../src/solve.ts';
import { haversineMatrix } from '../src/travel.ts';
import type { Problem, Solution } from '../src/types.ts';
import { planeProblem } from './helpers.ts';

const ring = (n: number, r: number): [number, number][] =>
  Array.from({ length: n }, (_, i) => [
    r * Math.cos((2 * Math.PI * i) / n),
    r * Math.sin((2 * Math.PI * i) / n),
  ]);

const stopIds = (s: Solution) => s.routes.map((r) => r.stops.map((x) => x.id));

describe('solve', () => {
  it('plans a feasible day with windows and start times that include the travel', () => {
    const problem = planeProblem(ring(12, 10), [{ latest: 400 }, { latest: 400 }], (i) => ({
      duration: 10,
      windows: [{ start: i * 10, end: i * 10 + 60 }],
    }));
    const s = solve(problem, { seed: 7, iterations: 200 });
    expect(checkPlan(problem, s)).toEqual([]);
    expect(s.unplaced).toEqual([]);
    for (const r of s.routes) {
      let t = r.departure;
      for (const stop of r.stops) {
        expect(stop.arrival).toBeCloseTo(t + stop.travelDuration);
        expect(stop.start).toBeGreaterThanOrEqual(stop.arrival - 1e-9);
        t = stop.end;
      }
    }
  });

  it('is the same plan for the same seed and iteration limit', () => {
    const problem = planeProblem(ring(20, 30), [{}, {}, {}], (i) => ({ duration: 5, demand: 1 + (i % 3) }));
    const a = solve(problem, { seed: 3, iterations: 150 });
    const b = solve(problem, { seed: 3, iterations: 150 });
    expect(stopIds(a)).toEqual(stopIds(b));
    expect(a.travelDistance).toBe(b.travelDistance);
  });

  it('stops at the time limit on its clock', () => {
    let now = 0;
    const problem = planeProblem(ring(20, 30), [{}, {}]);
    const s = solve(problem, { seed: 1, timeLimitMs: 50, clock: () => (now += 1) });
    expect(s.ms).toBeLessThanOrEqual(60);
    expect(s.iterations).toBeLessThan(50);
    expect(checkPlan(problem, s)).toEqual([]);
  });

  it('keeps fixed stops where they are and plans around them', () => {
    const problem = planeProblem(
      [
        [10, 0],
        [20, 0],
        [0, 10],
        [50, 50],
      ],
      [{ latest: 300, fixed: [{ id: 'appt', place: 4, start: 100, duration: 30 }] }],
      () => ({ duration: 20 }),
    );
    const s = solve(problem, { seed: 1, iterations: 100 });
    expect(checkPlan(problem, s)).toEqual([]);
    const appt = s.routes[0]!.stops.find((x) => x.id === 'appt')!;
    expect(appt).toMatchObject({ kind: 'appointment', start: 100, end: 130 });
    expect(s.unplaced).toEqual([]);
  });

  it('gives a job only to a technician with its skills and department', () => {
    const problem = planeProblem(
      [
        [10, 0],
        [-10, 0],
      ],
      [
        { id: 'north', department: 'north', skills: ['gas'] },
        { id: 'south', department: 'south', skills: ['gas', 'electric'] },
      ],
      (i) => (i === 0 ? { departments: ['north'], skills: ['gas'] } : { skills: ['electric'] }),
    );
    const s = solve(problem, { seed: 1, iterations: 50 });
    expect(checkPlan(problem, s)).toEqual([]);
    const on = (id: string) => s.routes.find((r) => r.stops.some((x) => x.id === id))!.technician;
    expect(on('j0')).toBe('north');
    expect(on('j1')).toBe('south');
  });

  it('places higher priority first when not everything fits', () => {
    // One hour of work time, three 25-minute jobs next to the depot: two fit; the urgent one must be among them.
    const problem = planeProblem(
      [
        [1, 0],
        [1, 1],
        [0, 1],
      ],
      [{ latest: 60 }],
      (i) => ({
        duration: 25,
        priority: i === 2 ? 3 : 1,
      }),
    );
    const s = solve(problem, { seed: 1, iterations: 50 });
    expect(checkPlan(problem, s)).toEqual([]);
    expect(s.routes[0]!.stops.map((x) => x.id)).toContain('j2');
    expect(s.unplaced).toHaveLength(1);
    expect(s.unplaced[0]!.reason).toBe('no_time');
  });

  it('says why a job is left out', () => {
    const base = planeProblem(
      [
        [1, 0],
        [2, 0],
        [3, 0],
        [4, 0],
        [5, 0],
      ],
      [{ department: 'a', skills: ['x'], capacity: 10, earliest: 0, latest: 100 }],
    );
    const problem: Problem = {
      ...base,
      jobs: [
        { id: 'nowhere', place: null, duration: 10 },
        { id: 'skill', place: 1, duration: 10, skills: ['y'] },
        { id: 'dept', place: 2, duration: 10, skills: ['x'], departments: ['b'] },
        { id: 'heavy', place: 3, duration: 10, demand: 11 },
        { id: 'evening', place: 4, duration: 10, windows: [{ start: 200, end: 300 }] },
        { id: 'late', place: 5, duration: 10, deadline: 5 },
      ],
    };
    const s = solve(problem, { seed: 1, iterations: 20 });
    expect(checkPlan(problem, s)).toEqual([]);
    expect(Object.fromEntries(s.unplaced.map((u) => [u.id, u.reason]))).toEqual({
      nowhere: 'no_place',
      skill: 'no_skill',
      dept: 'no_department',
      heavy: 'no_capacity',
      evening: 'no_window',
      late: 'no_window',
    });
  });

  it('explains a placement: its window, what it adds, the next-best technician', () => {
    const problem = planeProblem(
      [
        [10, 0],
        [12, 0],
        [-10, 0],
      ],
      [{}, {}],
      (i) => ({
        duration: 5,
        windows:
          i === 0
            ? [
                { start: 0, end: 5 },
                { start: 50, end: 80 },
              ]
            : [],
      }),
    );
    const s = solve(problem, { seed: 1, iterations: 50 });
    expect(checkPlan(problem, s)).toEqual([]);
    const stops = s.routes.flatMap((r) => r.stops);
    const j0 = stops.find((x) => x.id === 'j0')!;
    expect(j0.window).toBe(1);
    expect(j0.start).toBeGreaterThanOrEqual(50);
    expect(j0.insertionCost).toBeGreaterThanOrEqual(0);
    expect(j0.nextBest?.cost).toBeGreaterThan(0);
  });

  it('leaves a day whose fixed stops cannot be driven in time as it is', () => {
    const problem = planeProblem(
      [[10, 0]],
      [
        {
          id: 'a',
          fixed: [
            { id: 'f1', place: 1, start: 100, duration: 60 },
            { id: 'f2', place: 0, start: 120, duration: 10 },
          ],
        },
        { id: 'b' },
      ],
    );
    const s = solve(problem, { seed: 1, iterations: 20 });
    expect(checkPlan(problem, s)).toEqual([]);
    expect(s.routes[0]!.fixedConflict).toBe(true);
    expect(s.routes[0]!.stops.map((x) => x.id)).toEqual(['f1', 'f2']);
    expect(s.routes[1]!.stops.map((x) => x.id)).toEqual(['j0']);
  });

  it('places a job whose windows overlap when only the wider window fits (a property-test find)', () => {
    const travel = {
      size: 2,
      duration: Float64Array.from([0, 25, 25, 0]),
      distance: Float64Array.from([0, 25, 25, 0]),
    };
    const problem: Problem = {
      travel,
      technicians: [{ id: 't0', start: 0, end: 0, earliest: 0, latest: 143 }],
      jobs: [
        // Reached at 137 at the earliest after the long job: only the wide window [1, 138] takes it.
        {
          id: 'short',
          place: 0,
          duration: 5,
          windows: [
            { start: 1, end: 138 },
            { start: 1, end: 1 },
          ],
        },
        { id: 'long', place: 1, duration: 87 },
      ],
    };
    const s = solve(problem, { seed: 1, iterations: 10 });
    expect(checkPlan(problem, s)).toEqual([]);
    expect(s.unplaced).toEqual([]);
    expect(stopIds(s)).toEqual([['long', 'short']]);
  });
});

describe('travel', () => {
  it('estimates road distance and minutes from coordinates', () => {
    // Oslo to Bergen is about 305 km in a straight line.
    const m = haversineMatrix(
      [
        { lat: 59.9139, lon: 10.7522 },
        { lat: 60.3913, lon: 5.3221 },
      ],
      { roadFactor: 1.3, speedKmh: 60 },
    );
    expect(m.distance[1]! / 1.3).toBeGreaterThan(300);
    expect(m.distance[1]! / 1.3).toBeLessThan(310);
    expect(m.duration[1]).toBeCloseTo(m.distance[1]!);
  });
});
