import { lazy } from 'react';
import { useLiveState } from '../../lib/live-state.ts';
import { ShellPart } from './ShellPart.tsx';

const ConnectionIcon = lazy(() => import('./ConnectionIcon.tsx'));

/** The header's place for the connection icon: empty until the live-event client has started. */
export function ConnectionSlot() {
  const { connection } = useLiveState();
  if (connection === 'off') return null;
  return (
    <ShellPart fallback={null}>
      <ConnectionIcon />
    </ShellPart>
  );
}
