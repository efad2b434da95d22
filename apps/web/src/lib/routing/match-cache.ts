import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

/** Pathnames kept per route table: a day's worth of pages, and ids in a few of them. */
const LIMIT = 200;
const matchesByTable = new WeakMap<RouteObject[], Map<string, RouteMatch[] | null>>();
const branches = new WeakMap<RouteMatch[], RouteObject[]>();

/**
 * React Router's matchRoutes, kept per route table and pathname (least recently used out first).
 * It flattens and ranks the whole table on every call, some 10 ms with our 146 routes on each
 * navigation (bench/planner.ts), and a user goes back to the same few pages all day.
 */
export function matchRoutesKept(routes: RouteObject[], pathname: string): RouteMatch[] | null {
  let kept = matchesByTable.get(routes);
  if (!kept) {
    kept = new Map();
    matchesByTable.set(routes, kept);
  }
  const hit = kept.get(pathname);
  if (hit !== undefined) {
    kept.delete(pathname);
    kept.set(pathname, hit);
    return hit;
  }
  const found = matchRoutes(routes, pathname);
  kept.set(pathname, found);
  if (kept.size > LIMIT) kept.delete(kept.keys().next().value as string);
  return found;
}

/**
 * The route table cut down to the one branch that matches `pathname`: useRoutes then matches among
 * a few routes, not all of them, and finds the same match (the same routes and elements). With no
 * match, the whole table, so useRoutes handles it as before.
 */
export function branchOf(routes: RouteObject[], pathname: string): RouteObject[] {
  const matches = matchRoutesKept(routes, pathname);
  if (!matches?.length) return routes;
  let branch = branches.get(matches);
  if (!branch) {
    let child: RouteObject | null = null;
    for (const { route } of [...matches].reverse())
      child = child ? ({ ...route, children: [child] } as RouteObject) : route;
    branch = [child as RouteObject];
    branches.set(matches, branch);
  }
  return branch;
}
