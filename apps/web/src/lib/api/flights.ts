import { abortError } from './api-error.ts';

/* Identical concurrent GETs share one request; each caller may still cancel its own wait. */

interface Flight {
  promise: Promise<unknown>;
  ctrl: AbortController;
  callers: number;
}
const inFlight = new Map<string, Flight>();

export function startFlight(key: string | null, run: (signal: AbortSignal) => Promise<unknown>): Flight {
  const existing = key ? inFlight.get(key) : undefined;
  if (existing) {
    existing.callers++;
    return existing;
  }
  const ctrl = new AbortController();
  const flight: Flight = { ctrl, callers: 1, promise: Promise.resolve() };
  flight.promise = run(ctrl.signal).finally(() => {
    if (key && inFlight.get(key) === flight) inFlight.delete(key);
  });
  if (key) inFlight.set(key, flight);
  return flight;
}

/** Waits for a (possibly shared) flight; this caller's cancel leaves the others running. */
export function joinFlight(
  flight: Flight,
  key: string | null,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  if (!signal) return flight.promise;
  return new Promise((resolve, reject) => {
    let settled = false;
    const leave = () => {
      if (settled) return;
      settled = true;
      flight.callers--;
      if (flight.callers <= 0) {
        if (key && inFlight.get(key) === flight) inFlight.delete(key);
        flight.ctrl.abort(abortError(signal));
      }
      reject(abortError(signal));
    };
    if (signal.aborted) return leave();
    signal.addEventListener('abort', leave, { once: true });
    flight.promise.then(
      (v) => {
        settled = true;
        signal.removeEventListener('abort', leave);
        resolve(v);
      },
      (e) => {
        settled = true;
        signal.removeEventListener('abort', leave);
        reject(e);
      },
    );
  });
}

/* ---------- notices ---------- */
