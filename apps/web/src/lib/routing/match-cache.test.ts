import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { branchOf, matchRoutesKept } from './match-cache.ts';
import { routeMatchTree } from './route-tree.ts';
import { allRoutes } from './routes.ts';

/** Every route's path with its parameters filled in (optional ones too). */
const samplePaths = () =>
  allRoutes().map((r) => r.fullPath.replace(/:(\w+)\??/g, (_m, name: string) => `${name.length}7`));

const summary = (ms: ReturnType<typeof matchRoutes>) =>
  ms?.map((m) => ({ path: m.route.path, index: m.route.index, params: m.params, pathname: m.pathname }));

describe('the route match kept per pathname', () => {
  it('is the same match as React Router finds in the whole table, for every route', () => {
    const tree = routeMatchTree();
    for (const path of [...samplePaths(), '/no/such/page', '/']) {
      const whole = matchRoutes(tree, path);
      expect(summary(matchRoutesKept(tree, path)), path).toEqual(summary(whole));
      // useRoutes over the route's branch alone finds the same routes, parameters and pathnames.
      expect(summary(matchRoutes(branchOf(tree, path), path)), path).toEqual(summary(whole));
    }
  });

  it('answers a pathname seen before with the same match and branch, without matching again', () => {
    const tree = routeMatchTree();
    const [path] = samplePaths();
    const first = matchRoutesKept(tree, path!);
    expect(matchRoutesKept(tree, path!)).toBe(first);
    expect(branchOf(tree, path!)).toBe(branchOf(tree, path!));
    expect(branchOf(tree, path!)).toHaveLength(1);
  });
});
