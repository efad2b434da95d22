import { describe, expect, it } from 'vitest';
import { orOpt, relocate, swap, twoOptStar } from '../src/moves.ts';
import { model, planeProblem, planOf } from './helpers.ts';

const seqs = (plan: { routes: { jobs: number[] }[] }) => plan.routes.map((r) => r.jobs);

describe('relocate', () => {
  it('moves a job to the day that passes by it', () => {
    // t0 goes right to (10,0) and left to (-10,0); t1 goes to (-11,0) only.
    const m = model(
      planeProblem(
        [
          [10, 0],
          [-10, 0],
          [-11, 0],
        ],
        [{}, {}],
      ),
    );
    const plan = planOf(m, [[0, 1], [2]]);
    expect(plan.cost(m)).toBeCloseTo(62);
    expect(relocate(m, plan, 1)).toBe(true);
    expect(seqs(plan)).toEqual([[0], [1, 2]]);
    expect(plan.cost(m)).toBeCloseTo(42);
    expect(plan.routeOf[1]).toBe(1);
  });

  it('does not move a job into a window it would miss', () => {
    // Job 1 must start by 10 and job 2 by 10.5: on t1 one of them would be late whichever goes first.
    const m = model(
      planeProblem(
        [
          [10, 0],
          [-10, 0],
          [-11, 0],
        ],
        [{}, {}],
        (i) =>
          i === 1
            ? { windows: [{ start: 0, end: 10 }] }
            : i === 2
              ? { windows: [{ start: 0, end: 10.5 }] }
              : {},
      ),
    );
    const plan = planOf(m, [[1, 0], [2]]);
    const before = plan.cost(m);
    expect(relocate(m, plan, 1)).toBe(false);
    expect(plan.cost(m)).toBe(before);
  });

  it('does not give a job to a technician without its skill', () => {
    const m = model(
      planeProblem(
        [
          [10, 0],
          [-10, 0],
          [-11, 0],
        ],
        [{ skills: ['gas'] }, {}],
        (i) => (i === 1 ? { skills: ['gas'] } : {}),
      ),
    );
    const plan = planOf(m, [[0, 1], [2]]);
    expect(relocate(m, plan, 1)).toBe(false);
  });
});

describe('swap', () => {
  it('trades two jobs when capacity forbids moving one', () => {
    // Each van carries two jobs; each day crosses from one side to the other.
    const m = model(
      planeProblem(
        [
          [10, 0],
          [-10, 0],
          [-10, 2],
          [10, 2],
        ],
        [{ capacity: 2 }, { capacity: 2 }],
        () => ({ demand: 1 }),
      ),
    );
    const plan = planOf(m, [
      [0, 1],
      [2, 3],
    ]);
    expect(relocate(m, plan, 1)).toBe(false);
    expect(swap(m, plan, 1)).toBe(true);
    expect(seqs(plan)).toEqual([
      [0, 3],
      [2, 1],
    ]);
    expect(plan.cost(m)).toBeCloseTo(2 * (10 + 2 + Math.hypot(10, 2)));
  });
});

describe('2-opt*', () => {
  it('exchanges the tails of two crossing days', () => {
    const m = model(
      planeProblem(
        [
          [-5, 0],
          [5, 5],
          [5, 0],
          [-5, 5],
        ],
        [{}, {}],
      ),
    );
    const plan = planOf(m, [
      [0, 1],
      [2, 3],
    ]);
    const before = plan.cost(m);
    expect(twoOptStar(m, plan, 0)).toBe(true);
    expect(seqs(plan)).toEqual([
      [0, 3],
      [2, 1],
    ]);
    expect(plan.cost(m)).toBeLessThan(before);
  });

  it('keeps a fixed stop with its technician', () => {
    const problem = planeProblem(
      [
        [-5, 0],
        [5, 5],
        [5, 0],
        [-5, 5],
      ],
      [{}, {}],
    );
    const withFixed = {
      ...problem,
      technicians: [
        problem.technicians[0]!,
        { ...problem.technicians[1]!, fixed: [{ id: 'f', place: 4, start: 500, duration: 10 }] },
      ],
    };
    const m = model(withFixed);
    // The fixed stop (job index 4) closes t1's day, so every tail of t1 holds it: no exchange is allowed.
    const plan = planOf(m, [
      [0, 1],
      [2, 3],
    ]);
    expect(plan.routes[1]!.jobs).toEqual([2, 3, 4]);
    expect(twoOptStar(m, plan, 0)).toBe(false);
    expect(seqs(plan)).toEqual([
      [0, 1],
      [2, 3, 4],
    ]);
  });
});

describe('or-opt', () => {
  it('moves a string of two jobs to where it belongs in the same day', () => {
    const m = model(
      planeProblem(
        [
          [1, 0],
          [5, 0],
          [6, 0],
          [2, 0],
          [3, 0],
        ],
        [{}],
      ),
    );
    const plan = planOf(m, [[0, 1, 2, 3, 4]]);
    expect(plan.cost(m)).toBeCloseTo(14);
    expect(orOpt(m, plan, 1)).toBe(true);
    // The string (5,0),(6,0) now follows (2,0): 0 → 1 → 2 → 5 → 6 → 3 → 0 or 0 → 1 → 2 → 3 → 5 → 6 → 0, both 12.
    const [day] = seqs(plan);
    expect(day!.indexOf(2) - day!.indexOf(1)).toBe(1);
    expect(day!.indexOf(1)).toBeGreaterThan(day!.indexOf(3));
    expect(plan.cost(m)).toBeCloseTo(12);
  });
});
