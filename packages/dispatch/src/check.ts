// An independent check of a solution against its problem, from the problem's own terms (not the solver's
// internal model): every job placed once or reported unplaced, fixed stops kept, windows, deadlines,
// working hours, capacity, skills, departments, and times that add up with the travel matrix.
import type { Problem, Solution } from './types.ts';

export interface PlanViolation {
  technician?: string;
  id?: string;
  problem: string;
}

const EPS = 1e-6;

export function checkPlan(problem: Problem, solution: Solution): PlanViolation[] {
  const out: PlanViolation[] = [];
  const { travel } = problem;
  const jobs = new Map(problem.jobs.map((j) => [j.id, j]));
  const seen = new Map<string, number>();
  const count = (id: string) => seen.set(id, (seen.get(id) ?? 0) + 1);
  for (const u of solution.unplaced) count(u.id);
  const techs = new Map(problem.technicians.map((t) => [t.id, t]));
  for (const route of solution.routes) {
    const t = techs.get(route.technician);
    if (!t) {
      out.push({ technician: route.technician, problem: 'unknown technician' });
      continue;
    }
    const fixed = new Map((t.fixed ?? []).map((f) => [f.id, f]));
    const fixedSeen = new Set<string>();
    let prev = t.start;
    let clock = route.departure;
    let load = 0;
    if (route.departure < t.earliest - EPS)
      out.push({ technician: t.id, problem: 'leaves before working hours' });
    for (const s of route.stops) {
      const travelT = travel.duration[prev * travel.size + s.place]!;
      const arrival = clock + travelT;
      if (Math.abs(arrival - s.arrival) > EPS)
        out.push({ technician: t.id, id: s.id, problem: 'arrival does not add up' });
      if (s.start < arrival - EPS && !route.fixedConflict)
        out.push({ technician: t.id, id: s.id, problem: 'starts before arriving' });
      const f = fixed.get(s.id);
      if (f) {
        fixedSeen.add(s.id);
        if (Math.abs(s.start - f.start) > EPS || s.place !== f.place)
          out.push({ technician: t.id, id: s.id, problem: 'fixed stop moved' });
        if (Math.abs(s.end - s.start - f.duration) > EPS)
          out.push({ technician: t.id, id: s.id, problem: 'wrong duration' });
      } else {
        const job = jobs.get(s.id);
        if (!job) {
          out.push({ technician: t.id, id: s.id, problem: 'unknown stop' });
          continue;
        }
        count(s.id);
        if (job.place !== s.place) out.push({ technician: t.id, id: s.id, problem: 'wrong place' });
        if (Math.abs(s.end - s.start - job.duration) > EPS)
          out.push({ technician: t.id, id: s.id, problem: 'wrong duration' });
        const ws = job.windows ?? [];
        if (ws.length > 0 && !ws.some((w) => s.start >= w.start - EPS && s.start <= w.end + EPS))
          out.push({ technician: t.id, id: s.id, problem: 'outside its windows' });
        if (job.deadline != null && s.end > job.deadline + EPS)
          out.push({ technician: t.id, id: s.id, problem: 'misses its deadline' });
        if (!(job.skills ?? []).every((k) => t.skills?.includes(k)))
          out.push({ technician: t.id, id: s.id, problem: 'lacks a skill' });
        const deps = job.departments ?? [];
        if (deps.length > 0 && (t.department == null || !deps.includes(t.department)))
          out.push({ technician: t.id, id: s.id, problem: 'wrong department' });
        load += job.demand ?? 0;
      }
      clock = s.end;
      prev = s.place;
    }
    for (const f of t.fixed ?? [])
      if (!fixedSeen.has(f.id)) out.push({ technician: t.id, id: f.id, problem: 'fixed stop missing' });
    const back = clock + travel.duration[prev * travel.size + t.end]!;
    if (Math.abs(back - route.returnArrival) > EPS)
      out.push({ technician: t.id, problem: 'return does not add up' });
    if (route.fixedConflict) {
      if (route.stops.some((s) => !fixed.has(s.id)))
        out.push({ technician: t.id, problem: 'jobs added to a day whose fixed stops conflict' });
      continue;
    }
    if (back > t.latest + EPS) out.push({ technician: t.id, problem: 'back after working hours' });
    if (t.capacity != null && load > t.capacity + EPS)
      out.push({ technician: t.id, problem: 'over capacity' });
  }
  for (const job of problem.jobs) {
    const n = seen.get(job.id) ?? 0;
    if (n !== 1) out.push({ id: job.id, problem: n === 0 ? 'job lost' : 'job placed more than once' });
  }
  return out;
}
