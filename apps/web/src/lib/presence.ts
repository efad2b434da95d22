import type { LivePresence, LivePresenceChange, LivePresenceList } from '@fieldport/contract';
import { useSyncExternalStore } from 'react';

/**
 * Presence (002 §7.22 sharedroute, sharedroutelist): the record this page shows, as the hub keys it
 * (`job:12`, `customer:3`, …), and the other connections on it. Written by the live-event client,
 * read by the avatars of the record's header. A tiny store of its own, like live-state.ts, so pages
 * read it without loading the socket code; cleared when the connection is lost (nobody is known then).
 */
export interface PresenceState {
  key: string | null;
  /** Every other person's connection on the key: one user with two tabs is here twice. */
  others: readonly LivePresence[];
}

const EMPTY: PresenceState = { key: null, others: [] };
let state: PresenceState = EMPTY;
const listeners = new Set<() => void>();

const set = (next: PresenceState) => {
  state = next;
  for (const l of [...listeners]) l();
};

export const getPresence = (): PresenceState => state;

/**
 * `sharedroutelist`: the whole list of the key, after each `Route`. The signed-in user's own other
 * tabs (`selfId`) are not someone else: they are left out.
 */
export function setPresenceList(list: LivePresenceList, selfId: number): void {
  set({ key: list.Key, others: list.Key === null ? [] : list.Users.filter((u) => u.UserId !== selfId) });
}

/** `sharedroute`: someone arrived or left; a change of another key than the list's is stale and ignored. */
export function applyPresenceChange(change: LivePresenceChange, selfId: number): void {
  if (state.key === null || change.Key !== state.key || change.UserId === selfId) return;
  const { Key: _key, Action, ...who } = change;
  const rest = state.others.filter((p) => p.ConnectionId !== who.ConnectionId);
  set({ key: state.key, others: Action === 'Joined' ? [...rest, who] : rest });
}

export function clearPresence(): void {
  if (state !== EMPTY) set(EMPTY);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const usePresence = (): PresenceState => useSyncExternalStore(subscribe, getPresence, getPresence);
