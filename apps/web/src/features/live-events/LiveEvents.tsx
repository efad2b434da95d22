import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useLiveState } from '../../lib/live-state.ts';
import { type LiveClient, startLiveClient } from './live-client.ts';
// Part of this chunk, not one of its own: it shows when the server is going away, when no further
// chunk can be fetched.
import ShutdownDialog from './ShutdownDialog.tsx';

const reload = () => window.location.reload();

export interface LiveEventsProps {
  userId: number;
  /** Where the page's data stands in the live events (the user info's EventSequence). */
  since?: number | undefined;
  /** Reads the user info again (licences, settings) after a settings change. */
  onSettingsChanged(): void;
  /** Checks the user's tasks at once after a task event (the task panel). */
  onTasksChanged(): void;
}

/**
 * Keeps the signed-in page connected to the live-event hub: sends `Route` on every route change, and
 * shows the server's shutdown message. Loaded after the first page by LiveEventsSlot.
 */
export default function LiveEvents(props: LiveEventsProps) {
  const { userId } = props;
  const queryClient = useQueryClient();
  const location = useLocation();
  const route = { Path: location.pathname, Query: location.search };
  const latest = useRef({ route, props });
  latest.current = { route, props };
  const client = useRef<LiveClient | null>(null);
  const { shutdownMessage } = useLiveState();

  useEffect(() => {
    client.current = startLiveClient({
      queryClient,
      userId,
      since: latest.current.props.since,
      route: () => latest.current.route,
      onSettingsChanged: () => latest.current.props.onSettingsChanged(),
      onTasksChanged: () => latest.current.props.onTasksChanged(),
      reload,
    });
    return () => {
      client.current?.stop();
      client.current = null;
    };
  }, [queryClient, userId]);

  useEffect(() => {
    client.current?.sendRoute({ Path: location.pathname, Query: location.search });
  }, [location.pathname, location.search]);

  if (!shutdownMessage) return null;
  return <ShutdownDialog message={shutdownMessage} />;
}
