import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { type AppRoute, getRoute, ROUTES, type RouteName } from './routes.ts';

/** What a React Router match carries: the name of the table route. */
export interface RouteHandle {
  name: string;
}

/**
 * React Router objects derived from the route table. Each named route shows its page in an index
 * child, so a parent's page never wraps its children's pages; the match handle carries the name.
 * `element` makes the element of a named route (none for the matching-only tree).
 */
export function buildRouteTree(
  element: (name: RouteName) => ReactNode | undefined,
  root: ReactNode | undefined,
): RouteObject[] {
  const toObject = (route: AppRoute): RouteObject => {
    const path = route.parent ? route.path : route.path.replace(/^\//, '');
    const handle: RouteHandle = { name: route.name };
    if (path.endsWith('*') || route.children.length === 0)
      return { path, handle, element: element(route.name) };
    return {
      path,
      handle,
      children: [{ index: true, handle, element: element(route.name) }, ...route.children.map(toObject)],
    };
  };
  const home = getRoute('Home');
  return [
    {
      path: '/',
      element: root,
      children: [
        { index: true, handle: { name: home.name }, element: element(home.name) },
        ...ROUTES.filter((r) => r !== home).map(toObject),
      ],
    },
  ];
}

let matchTree: RouteObject[] | null = null;
/** The route tree without elements, for matching an address to its named route. */
export function routeMatchTree(): RouteObject[] {
  matchTree ??= buildRouteTree(() => undefined, undefined);
  return matchTree;
}
