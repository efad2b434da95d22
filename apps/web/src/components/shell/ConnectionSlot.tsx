import { lazy, Suspense } from 'react';
import { useLiveState } from '../../lib/live-state.ts';

const ConnectionIcon = lazy(() => import('./ConnectionIcon.tsx'));

/** The header's place for the connection icon: empty until the live-event client has started. */
export function ConnectionSlot() {
  const { connection } = useLiveState();
  if (connection === 'off') return null;
  return (
    <Suspense fallback={null}>
      <ConnectionIcon />
    </Suspense>
  );
}
