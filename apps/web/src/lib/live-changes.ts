import type { LiveChangeEvent } from '@fieldport/contract';

/**
 * The change events of the live-event hub as they arrive, for a screen that merges them into its
 * cached answers itself rather than reading them again (the planner, decision 041). The live client
 * writes here; a screen listens while it is shown. A tiny store of its own, like presence.ts, so a
 * screen listens without loading the socket code.
 */
type Listener = (event: LiveChangeEvent) => void;

const listeners = new Set<Listener>();
/** The last change events, newest last, for the super admin's store inspector. */
const RECENT_MAX = 50;
const recent: LiveChangeEvent[] = [];

/** The last change events that arrived (at most 50), oldest first. */
export const recentLiveChanges = (): readonly LiveChangeEvent[] => recent;

/** Listens to every change event until the returned function is called. */
export function onLiveChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One change event, live or replayed after a reconnect, to every listener. */
export function emitLiveChange(event: LiveChangeEvent): void {
  recent.push(event);
  if (recent.length > RECENT_MAX) recent.splice(0, recent.length - RECENT_MAX);
  for (const l of [...listeners]) l(event);
}
