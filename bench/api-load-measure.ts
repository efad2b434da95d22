// One call under load with autocannon: requests per second, p50/p95/p99 and failed requests.
// autocannon's own summary has p97.5 and p99 but no p95, so every answer's time is kept from its
// 'response' event (the same time autocannon puts in its histogram) and the percentiles are taken
// from those: a few tens of thousands of numbers at most.
import autocannon from 'autocannon';
import { quantile } from './process.ts';

export interface Call {
  name: string;
  method: 'GET' | 'POST';
  /** After /api2/ServiceProvider/, or from the root when it starts with '/'. */
  path: string;
  body?: unknown;
  /**
   * Asked in turn instead of path and body, one a request (a different record each time: the
   * connections together go round the list).
   */
  turns?: readonly { path: string; body?: unknown; token?: string }[];
}

export interface Measured {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx, socket errors and timeouts (autocannon's non2xx + errors). */
  errors: number;
  /** The status codes other than 2xx, with how many, to say what failed. */
  failures: Record<string, number>;
}

export const urlOf = (base: string, path: string) =>
  path.startsWith('/') ? `${base}${path}` : `${base}/api2/ServiceProvider/${path}`;

/** Percentiles of answer times in milliseconds, two decimals. */
export function percentiles(times: number[]) {
  const sorted = times.toSorted((a, b) => a - b);
  const at = (q: number) => Math.round(quantile(sorted, q) * 100) / 100;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** Runs autocannon and resolves with its result; `onAnswer` sees every answer's status and time. */
export function cannon(
  options: autocannon.Options,
  onAnswer: (status: number, ms: number) => void = () => {},
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, status, _bytes, ms) => onAnswer(status, ms));
  });
}

/** autocannon's setupRequest going round `call.turns`: each request the next one's path and body. */
function nextTurn(base: string, call: Call) {
  const turns = (call.turns ?? []).map((t) => {
    const url = new URL(urlOf(base, t.path));
    return {
      path: url.pathname + url.search,
      body: t.body === undefined ? undefined : JSON.stringify(t.body),
      token: t.token,
    };
  });
  let i = 0;
  return (req: autocannon.Request): autocannon.Request => {
    const turn = turns[i++ % turns.length]!;
    // A turn with its own token asks as that user (a technician's own visits).
    const headers = {
      ...req.headers,
      ...(turn.token ? { authorization: `Bearer ${turn.token}` } : {}),
      ...(turn.body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    return {
      ...req,
      path: turn.path,
      headers,
      ...(turn.body === undefined ? {} : { body: turn.body }),
    };
  };
}

/**
 * `call` at `connections` for `seconds`, after a one-second warm-up at the same connections (the
 * server's first answers fill its caches and the JIT; they are not counted).
 */
export async function measureCall(
  base: string,
  token: string | null,
  call: Call,
  seconds: number,
  connections = 10,
): Promise<Measured> {
  const options = (duration: number): autocannon.Options => ({
    url: urlOf(base, call.path),
    connections,
    duration,
    method: call.method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    ...(call.turns?.length ? { requests: [{ setupRequest: nextTurn(base, call) }] } : {}),
  });
  await cannon(options(1));
  const times: number[] = [];
  const failures: Record<string, number> = {};
  const result = await cannon(options(seconds), (status, ms) => {
    times.push(ms);
    if (status < 200 || status > 299) failures[status] = (failures[status] ?? 0) + 1;
  });
  // autocannon counts a timeout among its errors too.
  if (result.errors > result.timeouts) failures.socket = result.errors - result.timeouts;
  if (result.timeouts) failures.timeout = result.timeouts;
  return {
    rps: times.length / result.duration,
    ...percentiles(times),
    errors: result.non2xx + result.errors,
    failures,
  };
}
