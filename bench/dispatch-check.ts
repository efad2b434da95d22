// The benchmark's own checker of a Solomon plan, independent of the solver's code: it reads the instance
// file itself and checks each customer visited once, every start of service within its window,
// capacity, back at the depot by its due date, and at most the available vehicles; it returns the
// total Euclidean distance it computed.
export interface SolomonCheck {
  distance: number;
  errors: string[];
}

export function checkSolomonPlan(instanceText: string, routes: number[][]): SolomonCheck {
  const rows = instanceText
    .split(/\r?\n/)
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter((r) => r.length > 0 && r.every((x) => Number.isFinite(x)));
  const fleet = rows.find((r) => r.length === 2)!;
  const [vehicles, capacity] = fleet as [number, number];
  const customers = rows.filter((r) => r.length === 7);
  const byId = new Map(customers.map((r) => [r[0]!, r]));
  const depot = customers[0]!;
  const dist = (a: number[], b: number[]) => Math.hypot(a[1]! - b[1]!, a[2]! - b[2]!);
  const errors: string[] = [];
  if (routes.length > vehicles) errors.push(`${routes.length} routes, ${vehicles} vehicles`);
  const visits = new Map<number, number>();
  let distance = 0;
  routes.forEach((route, r) => {
    let at = depot;
    let time = depot[4]!;
    let load = 0;
    for (const id of route) {
      const c = byId.get(id);
      if (!c || id === depot[0]) {
        errors.push(`route ${r + 1}: unknown customer ${id}`);
        continue;
      }
      visits.set(id, (visits.get(id) ?? 0) + 1);
      const leg = dist(at, c);
      distance += leg;
      const start = Math.max(time + leg, c[4]!);
      if (start > c[5]! + 1e-6)
        errors.push(`route ${r + 1}: customer ${id} starts at ${start.toFixed(2)} after ${c[5]}`);
      time = start + c[6]!;
      load += c[3]!;
      at = c;
    }
    const back = dist(at, depot);
    distance += back;
    if (time + back > depot[5]! + 1e-6)
      errors.push(`route ${r + 1}: back at ${(time + back).toFixed(2)} after ${depot[5]}`);
    if (load > capacity + 1e-9) errors.push(`route ${r + 1}: load ${load} over ${capacity}`);
  });
  for (const c of customers.slice(1)) {
    const n = visits.get(c[0]!) ?? 0;
    if (n !== 1) errors.push(`customer ${c[0]} visited ${n} times`);
  }
  return { distance, errors };
}
