import { useSyncExternalStore } from 'react';

/**
 * The live-event connection as the shell shows it: its state (the header's connection icon) and the
 * server's shutdown message (the dialog that cannot be dismissed). A tiny store of its own, so the
 * shell reads it without loading the socket code, which comes later (features/live-events).
 */
type LiveConnection = 'off' | 'connecting' | 'connected' | 'disconnected';
export interface LiveState {
  connection: LiveConnection;
  /** Set when the server said it is stopping; the page reloads once it is back. */
  shutdownMessage: string | null;
}

let state: LiveState = { connection: 'off', shutdownMessage: null };
const listeners = new Set<() => void>();

export const getLiveState = (): LiveState => state;

export function setLiveState(change: Partial<LiveState>): void {
  state = { ...state, ...change };
  for (const l of [...listeners]) l();
}

/** Called after every change of the state (the task poller follows the connection). */
export function subscribeLiveState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useLiveState = (): LiveState =>
  useSyncExternalStore(subscribeLiveState, getLiveState, getLiveState);
