import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useSyncExternalStore } from 'react';
import { matchRoutes, useLocation } from 'react-router';
import { useSession } from '../features/auth/session.tsx';
import { type AccessContext, accessContextOf } from './access.ts';
import { type RouteHandle, routeMatchTree } from './route-tree.ts';
import type { AppRoute } from './route-types.ts';
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
    const matches = matchRoutes(routeMatchTree(), pathname) ?? [];
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

export type Device = 'phone' | 'tablet' | 'desktop';

/** Phones below 600 px wide, tablets below 1200 px, desktops above. */
export function useDevice(): Device {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const compact = useMediaQuery(theme.breakpoints.down('lg'), { noSsr: true });
  return phone ? 'phone' : compact ? 'tablet' : 'desktop';
}

function subscribeResize(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}
let lastSize = { width: 0, height: 0 };
function readSize() {
  const width = window.innerWidth;
  const height = document.documentElement.clientHeight || window.innerHeight;
  if (width !== lastSize.width || height !== lastSize.height) lastSize = { width, height };
  return lastSize;
}

/** The window width and the client height, updated on resize. */
export function useWindowSize(): { width: number; height: number } {
  return useSyncExternalStore(subscribeResize, readSize, () => ({ width: 1280, height: 800 }));
}
