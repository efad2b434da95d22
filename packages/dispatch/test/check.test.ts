import { describe, expect, it } from 'vitest';
import { checkPlan } from '../src/check.ts';
import { solve } from '../src/solve.ts';
import type { Solution } from '../src/types.ts';
import { planeProblem } from './helpers.ts';

const problem = planeProblem(
  [
    [10, 0],
    [0, 10],
    [-10, 0],
  ],
  [{ capacity: 5, skills: ['x'], latest: 200 }],
  (i) => ({
    duration: 10,
    demand: 1,
    windows: [{ start: 0, end: 100 }],
    skills: i === 0 ? ['x'] : [],
  }),
);
const good = () => structuredClone(solve(problem, { seed: 1, iterations: 20 })) as Solution;
const problems = (s: Solution) => checkPlan(problem, s).map((v) => v.problem);

describe('checkPlan', () => {
  it('accepts a good plan', () => {
    expect(checkPlan(problem, good())).toEqual([]);
  });

  it('finds a lost job and a job placed twice', () => {
    const lost = good();
    lost.routes[0]!.stops.pop();
    expect(problems(lost)).toContain('job lost');
    const twice = good();
    twice.unplaced.push({ id: 'j1', reason: 'no_time' });
    expect(problems(twice)).toContain('job placed more than once');
  });

  it('finds a start outside the windows and a start before arriving', () => {
    const s = good();
    const first = s.routes[0]!.stops[0]!;
    first.start = 150;
    first.end = 160;
    expect(problems(s)).toContain('outside its windows');
    const early = good();
    early.routes[0]!.stops[0]!.start = early.routes[0]!.stops[0]!.arrival - 1;
    expect(problems(early)).toContain('starts before arriving');
  });

  it('finds the hours, capacity and skill broken', () => {
    const late = checkPlan({ ...problem, technicians: [{ ...problem.technicians[0]!, latest: 30 }] }, good());
    expect(late.map((v) => v.problem)).toContain('back after working hours');
    const small = checkPlan(
      { ...problem, technicians: [{ ...problem.technicians[0]!, capacity: 2 }] },
      good(),
    );
    expect(small.map((v) => v.problem)).toContain('over capacity');
    const unskilled = checkPlan(
      { ...problem, technicians: [{ ...problem.technicians[0]!, skills: [] }] },
      good(),
    );
    expect(unskilled.map((v) => v.problem)).toContain('lacks a skill');
  });

  it('finds a fixed stop moved or missing', () => {
    const withFixed = {
      ...problem,
      technicians: [{ ...problem.technicians[0]!, fixed: [{ id: 'f', place: 0, start: 150, duration: 10 }] }],
    };
    const s = structuredClone(solve(withFixed, { seed: 1, iterations: 20 })) as Solution;
    expect(checkPlan(withFixed, s)).toEqual([]);
    const f = s.routes[0]!.stops.find((x) => x.id === 'f')!;
    f.start += 5;
    expect(checkPlan(withFixed, s).map((v) => v.problem)).toContain('fixed stop moved');
    s.routes[0]!.stops = s.routes[0]!.stops.filter((x) => x.id !== 'f');
    expect(checkPlan(withFixed, s).map((v) => v.problem)).toContain('fixed stop missing');
  });
});
