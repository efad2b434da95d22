import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Best, bestInRoute, regretInsert } from '../src/insert.ts';
import { buildModel } from '../src/model.ts';
import { Plan } from '../src/plan.ts';
import { sequenceCost } from '../src/route.ts';
import { planeProblem, planOf } from './helpers.ts';

describe('insertion', () => {
  it('finds the same cheapest feasible position as trying every one on the whole day', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 })), {
          minLength: 2,
          maxLength: 9,
        }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 120 })), {
          minLength: 9,
          maxLength: 9,
        }),
        fc.boolean(),
        (points, windows, balance) => {
          const problem = planeProblem(points, [{ latest: 400 }], (i) => ({
            duration: 10,
            // Job i gets one window, or two when its second number is even.
            windows:
              windows[i]![1] % 2 === 0
                ? [
                    { start: windows[i]![0], end: windows[i]![0] + 20 },
                    { start: windows[i]![0] + 60, end: windows[i]![0] + 60 + windows[i]![1] },
                  ]
                : [{ start: windows[i]![0], end: windows[i]![0] + windows[i]![1] }],
          }));
          const m = buildModel(problem, { balanceWeight: balance ? 0.5 : 0 });
          // A feasible day of the first jobs, greedily; the last job is the one to insert.
          const plan = Plan.empty(m);
          const j = points.length - 1;
          for (let i = 0; i < j; i++) {
            const seq = plan.routes[0]!.jobs;
            for (let p = 0; p <= seq.length; p++) {
              if (sequenceCost(m, 0, [...seq.slice(0, p), i, ...seq.slice(p)]) < Number.POSITIVE_INFINITY) {
                plan.insert(m, i, 0, p);
                break;
              }
            }
          }
          const r = plan.routes[0]!;
          const before = sequenceCost(m, 0, r.jobs);
          let want = Number.POSITIVE_INFINITY;
          for (let p = 0; p <= r.jobs.length; p++) {
            const c = sequenceCost(m, 0, [...r.jobs.slice(0, p), j, ...r.jobs.slice(p)]);
            want = Math.min(want, c - before);
          }
          const got: Best = { cost: Number.POSITIVE_INFINITY, v: -1, p: -1 };
          bestInRoute(m, r, j, got);
          if (want === Number.POSITIVE_INFINITY) expect(got.v).toBe(-1);
          else expect(got.cost).toBeCloseTo(want, 6);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('regret insertion places the job with only one possible technician first', () => {
    // j0 fits only t1 (skill); j1 fits either but t1 is cheaper; t1 has room for one job (capacity).
    const problem = planeProblem(
      [
        [10, 0],
        [11, 0],
      ],
      [{ capacity: 1 }, { capacity: 1, skills: ['x'] }],
      (i) => ({
        demand: 1,
        skills: i === 0 ? ['x'] : [],
      }),
    );
    const m = buildModel(problem, {});
    const plan = Plan.empty(m);
    regretInsert(m, plan);
    expect(plan.routes.map((r) => r.jobs)).toEqual([[1], [0]]);
    expect(plan.absent.size).toBe(0);
    expect(planOf(m, [[1], [0]]).cost(m)).toBeCloseTo(plan.cost(m));
  });
});
