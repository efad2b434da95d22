import { useRoutes } from 'react-router';
import { RootLayout } from './RootLayout.tsx';
import { RouteView } from './RouteView.tsx';
import { buildRouteTree } from './route-tree.ts';

let tree: ReturnType<typeof buildRouteTree> | null = null;

/**
 * The app's routes, rendered from the route table (see route-tree.ts). A declarative router
 * (BrowserRouter + useRoutes) keeps the router's data layer, which the app does not use (TanStack
 * Query loads data), out of the first paint.
 */
export function AppRoutes() {
  tree ??= buildRouteTree((name) => <RouteView name={name} />, <RootLayout />);
  return useRoutes(tree);
}

/** The base path the server put in <base href> (e.g. /portal), without a trailing slash. */
export function basename(): string {
  const path = new URL(document.baseURI).pathname.replace(/\/+$/, '');
  return path || '/';
}
