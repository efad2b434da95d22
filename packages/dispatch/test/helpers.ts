import { buildModel, type Model } from '../src/model.ts';
import { Plan } from '../src/plan.ts';
import { euclideanMatrix } from '../src/travel.ts';
import type { Job, Problem, Technician } from '../src/types.ts';

/** A problem on the plane: place 0 is the depot at (0, 0), job i sits at place i + 1. */
export function planeProblem(
  points: [number, number][],
  technicians: Partial<Technician>[],
  jobExtra: (i: number) => Partial<Job> = () => ({}),
): Problem {
  const places = [{ x: 0, y: 0 }, ...points.map(([x, y]) => ({ x, y }))];
  return {
    travel: euclideanMatrix(places),
    technicians: technicians.map((t, v) => ({
      id: `t${v}`,
      start: 0,
      end: 0,
      earliest: 0,
      latest: 1000,
      ...t,
    })),
    jobs: points.map((_, i) => ({ id: `j${i}`, place: i + 1, duration: 0, ...jobExtra(i) })),
  };
}

/** A plan with the given sequences of job indices per technician (fixed stops are not used here). */
export function planOf(m: Model, seqs: number[][]): Plan {
  const plan = Plan.empty(m);
  seqs.forEach((seq, v) => {
    for (const [p, j] of seq.entries()) plan.insert(m, j, v, p);
  });
  return plan;
}

export function model(problem: Problem): Model {
  return buildModel(problem, { objective: 'distance', balanceWeight: 0 });
}
