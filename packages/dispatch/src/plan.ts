// A working plan: one route per technician and the jobs left out. Routes are shared between plans and
// never changed once shared: `touch` clones a route before its first change in a plan (copy on write).
import type { Model } from './model.ts';
import { Route } from './route.ts';

export class Plan {
  routes: Route[];
  /** Free jobs not on any route. */
  absent: Set<number>;
  /** Which routes this plan owns (may change in place). */
  private owned: Uint8Array;

  /** The vehicle each job is on, or -1. */
  routeOf: Int32Array;

  constructor(routes: Route[], absent: Set<number>, routeOf: Int32Array) {
    this.routes = routes;
    this.absent = absent;
    this.routeOf = routeOf;
    this.owned = new Uint8Array(routes.length);
  }

  static empty(m: Model): Plan {
    const seqs: number[][] = Array.from({ length: m.nVeh }, () => []);
    for (let j = m.nFree; j < m.nJobs; j++) seqs[m.pinned[j]!]!.push(j);
    const routes = seqs.map((jobs, v) => {
      const r = new Route(v, jobs);
      r.update(m);
      return r;
    });
    const absent = new Set<number>();
    for (let j = 0; j < m.nFree; j++) absent.add(j);
    const routeOf = new Int32Array(m.nJobs).fill(-1);
    for (let j = m.nFree; j < m.nJobs; j++) routeOf[j] = m.pinned[j]!;
    const plan = new Plan(routes, absent, routeOf);
    plan.owned.fill(1);
    return plan;
  }

  /** A copy that shares every route until it changes one. */
  fork(): Plan {
    return new Plan(this.routes.slice(), new Set(this.absent), this.routeOf.slice());
  }

  /** The route of vehicle v, ready to change in place (its schedule is stale until `update`). */
  touch(v: number): Route {
    if (!this.owned[v]) {
      this.routes[v] = this.routes[v]!.clone();
      this.owned[v] = 1;
    }
    return this.routes[v]!;
  }

  /** Hand the routes over to be shared: after this, every change clones first. */
  seal(): this {
    this.owned.fill(0);
    return this;
  }

  /** Put job j on route v before position p+1 (after position p) and update the route. */
  insert(m: Model, j: number, v: number, p: number): void {
    const r = this.touch(v);
    r.jobs.splice(p, 0, j);
    r.update(m);
    this.routeOf[j] = v;
    this.absent.delete(j);
  }

  missed(m: Model): number {
    let s = 0;
    for (const j of this.absent) s += m.missWeight[j]!;
    return s;
  }

  cost(m: Model): number {
    let c = 0;
    for (const r of this.routes) c += r.cost(m);
    return c;
  }
}

/** Lexicographic comparison of plans: fewer (weighted) jobs left out first, then cost. */
export function better(missA: number, costA: number, missB: number, costB: number): boolean {
  if (missA !== missB) return missA < missB;
  return costA < costB - 1e-9;
}
