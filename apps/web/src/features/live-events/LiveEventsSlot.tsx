import { type ComponentType, useEffect, useState } from 'react';
import { AFTER_FIRST_PAGE_MS } from '../../lib/after-first-page.ts';
import type { LiveEventsProps } from './LiveEvents.tsx';
import { START_RETRY_MS } from './reconnect-policy.ts';

/**
 * Loads the live-event client after the first page (the socket code, about 14 KB gzipped, is not part
 * of it; decision 013); a failed load is tried again after 3 s.
 */
export function LiveEventsSlot(props: LiveEventsProps) {
  const [LiveEvents, setLiveEvents] = useState<ComponentType<LiveEventsProps> | null>(null);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout>;
    const load = () =>
      import('./LiveEvents.tsx').then(
        (m) => !cancelled && setLiveEvents(() => m.default),
        () => {
          if (!cancelled) timer = setTimeout(load, START_RETRY_MS);
        },
      );
    timer = setTimeout(load, AFTER_FIRST_PAGE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, []);
  return LiveEvents ? <LiveEvents {...props} /> : null;
}
