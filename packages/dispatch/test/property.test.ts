import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlan } from '../src/check.ts';
import { solve } from '../src/solve.ts';
import { euclideanMatrix } from '../src/travel.ts';
import type { Problem } from '../src/types.ts';

const SKILLS = ['gas', 'electric', 'water'];
const DEPARTMENTS = ['north', 'south'];
const REASONS = ['no_skill', 'no_department', 'no_window', 'no_place', 'no_capacity', 'no_time'];

const point = fc.record({ x: fc.integer({ min: 0, max: 60 }), y: fc.integer({ min: 0, max: 60 }) });

/** Random small days: places on a grid, technicians with hours, fixed stops, skills, departments, vans; jobs with windows, deadlines, priorities. */
const problemArb = fc
  .record({
    points: fc.array(point, { minLength: 2, maxLength: 12 }),
    techs: fc.array(
      fc.record({
        earliest: fc.integer({ min: 0, max: 120 }),
        hours: fc.integer({ min: 60, max: 600 }),
        capacity: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null }),
        department: fc.option(fc.constantFrom(...DEPARTMENTS), { nil: null }),
        skills: fc.subarray(SKILLS),
        fixed: fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: 700 }),
            duration: fc.integer({ min: 5, max: 90 }),
            absence: fc.boolean(),
          }),
          { maxLength: 3 },
        ),
        start: fc.nat(),
        end: fc.nat(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    jobs: fc.array(
      fc.record({
        place: fc.option(fc.nat(), { nil: null, freq: 10 }),
        duration: fc.integer({ min: 5, max: 120 }),
        windows: fc.array(
          fc.record({ start: fc.integer({ min: 0, max: 700 }), length: fc.integer({ min: 0, max: 240 }) }),
          { maxLength: 2 },
        ),
        deadline: fc.option(fc.integer({ min: 30, max: 800 }), { nil: null }),
        departments: fc.subarray(DEPARTMENTS),
        skills: fc.subarray(SKILLS, { maxLength: 1 }),
        priority: fc.integer({ min: 0, max: 3 }),
        demand: fc.integer({ min: 0, max: 8 }),
      }),
      { maxLength: 14 },
    ),
    seed: fc.integer({ min: 1, max: 1000 }),
  })
  .map(({ points, techs, jobs, seed }): { problem: Problem; seed: number } => {
    const n = points.length;
    return {
      seed,
      problem: {
        travel: euclideanMatrix(points),
        technicians: techs.map((t, v) => {
          // Fixed stops in time order and apart (overlapping ones make the day a conflict, also tested).
          const fixed = [...t.fixed].sort((a, b) => a.at - b.at);
          return {
            id: `t${v}`,
            start: t.start % n,
            end: t.end % n,
            earliest: t.earliest,
            latest: t.earliest + t.hours,
            capacity: t.capacity,
            department: t.department,
            skills: t.skills,
            fixed: fixed.map((f, i) => ({
              id: `t${v}-f${i}`,
              place: (t.start + i) % n,
              start: t.earliest + f.at,
              duration: f.duration,
              kind: f.absence ? ('absence' as const) : ('appointment' as const),
            })),
          };
        }),
        jobs: jobs.map((j, i) => ({
          id: `j${i}`,
          place: j.place === null ? null : j.place % n,
          duration: j.duration,
          windows: j.windows.map((w) => ({ start: w.start, end: w.start + w.length })),
          deadline: j.deadline,
          departments: j.departments,
          skills: j.skills,
          priority: j.priority,
          demand: j.demand,
        })),
      },
    };
  });

describe('solve (property)', () => {
  it('never returns an infeasible plan and never loses a job', () => {
    fc.assert(
      fc.property(problemArb, ({ problem, seed }) => {
        const s = solve(problem, { seed, iterations: 25 });
        expect(checkPlan(problem, s)).toEqual([]);
        for (const u of s.unplaced) expect(REASONS).toContain(u.reason);
        const placed = s.routes.flatMap((r) => r.stops.filter((x) => x.kind === 'job').map((x) => x.id));
        expect(new Set([...placed, ...s.unplaced.map((u) => u.id)]).size).toBe(problem.jobs.length);
        // A day whose fixed stops conflict gets no jobs; any other day keeps all its fixed stops.
        for (const r of s.routes)
          if (r.fixedConflict) expect(r.stops.every((x) => x.kind !== 'job')).toBe(true);
      }),
      { numRuns: 150 },
    );
  });

  it('leaves a job out only when it could not be added to the plan as it is', () => {
    fc.assert(
      fc.property(problemArb, ({ problem, seed }) => {
        const s = solve(problem, { seed, iterations: 10 });
        // Adding any unplaced job anywhere must break the plan: try it against the checker.
        for (const u of s.unplaced) {
          const job = problem.jobs.find((j) => j.id === u.id)!;
          if (job.place === null) {
            expect(u.reason).toBe('no_place');
            continue;
          }
          for (const r of s.routes) {
            if (r.fixedConflict) continue;
            for (let p = 0; p <= r.stops.length; p++) {
              const ids = r.stops.map((x) => x.id);
              ids.splice(p, 0, u.id);
              expect(feasibleDay(problem, r.technician, ids)).toBe(false);
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

/** Whether a technician can do these stops in this order (earliest starts), by the problem's own terms. */
function feasibleDay(problem: Problem, techId: string, ids: string[]): boolean {
  const t = problem.technicians.find((x) => x.id === techId)!;
  const { travel } = problem;
  let at = t.start;
  let clock = t.earliest;
  let load = 0;
  for (const id of ids) {
    const f = t.fixed?.find((x) => x.id === id);
    const j = problem.jobs.find((x) => x.id === id);
    const place = f ? f.place : j!.place!;
    const arrival = clock + travel.duration[at * travel.size + place]!;
    let start: number;
    if (f) {
      if (arrival > f.start + 1e-9) return false;
      start = f.start;
    } else {
      const job = j!;
      if (!(job.skills ?? []).every((s) => t.skills?.includes(s))) return false;
      if (
        (job.departments ?? []).length > 0 &&
        (t.department == null || !job.departments!.includes(t.department))
      )
        return false;
      const ws = job.windows?.length
        ? [...job.windows].sort((a, b) => a.start - b.start)
        : [{ start: -Infinity, end: Infinity }];
      const w = ws.find((x) => arrival <= Math.min(x.end, (job.deadline ?? Infinity) - job.duration) + 1e-9);
      if (!w) return false;
      start = Math.max(arrival, w.start);
      if (job.deadline != null && start + job.duration > job.deadline + 1e-9) return false;
      load += job.demand ?? 0;
    }
    clock = start + (f ? f.duration : j!.duration);
    at = place;
  }
  if (clock + travel.duration[at * travel.size + t.end]! > t.latest + 1e-9) return false;
  return t.capacity == null || load <= t.capacity + 1e-9;
}
