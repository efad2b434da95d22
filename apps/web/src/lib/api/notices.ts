/**
 * The bridge from code outside React (the API client) to the snackbar stack.
 * The FeedbackProvider subscribes; notices sent before it mounts wait in a short queue.
 */
export type NoticeSeverity = 'error' | 'warning' | 'success' | 'info';

/** What a failed call hands to a support ticket (001 §3 ErrorLogg). */
export interface ErrorLog {
  Route: string;
  Method: string;
  Input: string;
  Response: string;
}

export interface Notice {
  /** Text shown as is (server messages are already in the user's language). */
  text?: string;
  /** Or a key of the 'feedback' namespace, translated by the provider. */
  textKey?: string;
  values?: Record<string, string | number>;
  subtext?: string;
  severity?: NoticeSeverity;
  durationMs?: number;
  /** Show the info icon instead of the severity's own (002 §8: warning colour, info icon). */
  infoIcon?: boolean;
  ticket?: ErrorLog;
}

type Listener = (notice: Notice) => void;
const listeners = new Set<Listener>();
const pending: Notice[] = [];
const MAX_PENDING = 20;

export function emitNotice(notice: Notice): void {
  if (listeners.size === 0) {
    if (pending.length >= MAX_PENDING) pending.shift();
    pending.push(notice);
    return;
  }
  for (const l of [...listeners]) l(notice);
}

export function subscribeNotices(listener: Listener): () => void {
  listeners.add(listener);
  for (const n of pending.splice(0)) listener(n);
  return () => {
    listeners.delete(listener);
  };
}
