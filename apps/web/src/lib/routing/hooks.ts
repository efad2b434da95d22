import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../session.tsx';
import { type AccessContext, accessContextOf } from './access.ts';
import { matchRoutesKept } from './match-cache.ts';
import { type RouteHandle, routeMatchTree } from './route-tree.ts';
import type { AppRoute } from './routes.ts';
import { findRoute } from './routes.ts';

const isHandle = (h: unknown): h is RouteHandle =>
  typeof h === 'object' && h !== null && typeof (h as RouteHandle).name === 'string';

/** The named route being shown and its parameters (null outside the route table, which cannot happen). */
export function useActiveRoute(): {
  route: AppRoute | null;
  params: Readonly<Record<string, string | undefined>>;
} {
  const { pathname } = useLocation();
  return useMemo(() => {
    const matches = matchRoutesKept(routeMatchTree(), pathname) ?? [];
    const last = [...matches].reverse().find((m) => isHandle(m.route.handle));
    const route = last && isHandle(last.route.handle) ? (findRoute(last.route.handle.name) ?? null) : null;
    return { route, params: last?.params ?? {} };
  }, [pathname]);
}

/** What the route checks need, from the signed-in user's info; null while signed out. */
export function useAccessContext(): AccessContext | null {
  const { info } = useSession();
  return useMemo(() => (info ? accessContextOf(info) : null), [info]);
}
