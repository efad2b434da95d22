import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLiveState } from '../../lib/live-state.ts';
import type { LiveClient } from './live-client.ts';
import { START_RETRY_MS } from './reconnect-policy.ts';

const ShutdownDialog = lazy(() => import('./ShutdownDialog.tsx'));

/**
 * The socket code (socket.io-client) is not part of the first page: it loads once the signed-in
 * page has settled, like the map and the planner (decision 013).
 */
const AFTER_FIRST_PAGE_MS = 1_500;

const reload = () => window.location.reload();

/**
 * Keeps the signed-in page connected to the live-event hub: starts the client after the first page,
 * retries a failed start after 3 s, sends `Route` on every route change, and shows the server's
 * shutdown message.
 */
export function LiveEvents(props: { userId: number; onSettingsChanged(): void }) {
  const { userId } = props;
  const queryClient = useQueryClient();
  const location = useLocation();
  const route = { Path: location.pathname, Query: location.search };
  const latest = useRef({ route, onSettingsChanged: props.onSettingsChanged });
  latest.current = { route, onSettingsChanged: props.onSettingsChanged };
  const client = useRef<LiveClient | null>(null);
  const { shutdownMessage } = useLiveState();

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const start = async () => {
      try {
        const { startLiveClient } = await import('./live-client.ts');
        if (cancelled) return;
        client.current = startLiveClient({
          queryClient,
          userId,
          route: () => latest.current.route,
          onSettingsChanged: () => latest.current.onSettingsChanged(),
          reload,
        });
      } catch {
        if (!cancelled) timer = setTimeout(start, START_RETRY_MS);
      }
    };
    timer = setTimeout(start, AFTER_FIRST_PAGE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      client.current?.stop();
      client.current = null;
    };
  }, [queryClient, userId]);

  useEffect(() => {
    client.current?.sendRoute({ Path: location.pathname, Query: location.search });
  }, [location.pathname, location.search]);

  if (!shutdownMessage) return null;
  return (
    <Suspense fallback={null}>
      <ShutdownDialog message={shutdownMessage} />
    </Suspense>
  );
}
