// Solomon's VRPTW format (the benchmark): a depot, customers with a window on the start of service,
// identical vehicles with a capacity, travel time = Euclidean distance.
import { euclideanMatrix } from './travel.ts';
import type { Problem } from './types.ts';

export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  /** Row 0 is the depot. */
  customers: {
    id: number;
    x: number;
    y: number;
    demand: number;
    ready: number;
    due: number;
    service: number;
  }[];
}

export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l.length > 0) ?? '';
  const numeric = lines
    .filter((l) => /^[\d.\s-]+$/.test(l) && l.length > 0)
    .map((l) => l.split(/\s+/).map(Number));
  const [fleet, ...rows] = numeric;
  if (!fleet || fleet.length < 2 || rows.length === 0) throw new Error('not a Solomon instance');
  const customers = rows
    .filter((r) => r.length >= 7)
    .map(([id, x, y, demand, ready, due, service]) => ({
      id: id!,
      x: x!,
      y: y!,
      demand: demand!,
      ready: ready!,
      due: due!,
      service: service!,
    }));
  return { name, vehicles: fleet[0]!, capacity: fleet[1]!, customers };
}

/** The instance as a plan: place 0 is the depot, job i-1 is customer row i (its id is the customer number). */
export function solomonProblem(inst: SolomonInstance): Problem {
  const depot = inst.customers[0]!;
  const travel = euclideanMatrix(inst.customers);
  return {
    travel,
    technicians: Array.from({ length: inst.vehicles }, (_, v) => ({
      id: `vehicle-${v + 1}`,
      start: 0,
      end: 0,
      earliest: depot.ready,
      latest: depot.due,
      capacity: inst.capacity,
    })),
    jobs: inst.customers.slice(1).map((c, i) => ({
      id: String(c.id),
      place: i + 1,
      duration: c.service,
      windows: [{ start: c.ready, end: c.due }],
      demand: c.demand,
    })),
  };
}
