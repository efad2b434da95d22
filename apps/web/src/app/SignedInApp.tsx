import { useLocation, useRoutes } from 'react-router';
import { branchOf } from '../lib/routing/match-cache.ts';
import { buildRouteTree } from '../lib/routing/route-tree.ts';
import { Preloader } from './Preloader.tsx';
import { QueryCache } from './QueryCache.tsx';
import { RouteView } from './RouteView.tsx';
import SignedInLayout from './SignedInLayout.tsx';

let tree: ReturnType<typeof buildRouteTree> | null = null;

/**
 * Everything only a signed-in user needs: the query cache, the pre-loading of lookups, the route
 * table and the shell. A chunk of its own, loaded in parallel with the user info, so the sign-in
 * page never downloads TanStack Query, the route table or the shell (decision 010).
 */
export default function SignedInApp() {
  return (
    <QueryCache>
      <Preloader>
        <SignedInRoutes />
      </Preloader>
    </QueryCache>
  );
}

/** The route table's branch of the shown page (match-cache.ts): a navigation matches among a few routes. */
function SignedInRoutes() {
  tree ??= buildRouteTree((name) => <RouteView name={name} />, <SignedInLayout />);
  return useRoutes(branchOf(tree, useLocation().pathname));
}
