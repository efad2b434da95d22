import { expect } from 'vitest';

const BACKGROUND = /from "(event_log|tasks|task_plans|refresh_tokens)"/;
/** The settings, kept for 5 s (SettingsService): read again only when a slow run lets them expire. */
const KEPT = /from "settings"/;
const textOf = (q: unknown) => (typeof q === 'string' ? q : String((q as { text?: unknown })?.text ?? ''));

/**
 * The SQL the server sends while `call` runs: its statements, and its round trips (waits on the
 * database: statements sent together, while others are still out, share one).
 */
export async function sqlOf(db: unknown, call: () => Promise<{ statusCode: number; body: string }>) {
  type Query = (...a: unknown[]) => Promise<unknown>;
  const client = (db as { session: { client: { query: Query } } }).session.client;
  const query = client.query;
  let statements = 0;
  let roundTrips = 0;
  let out = 0;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    // The server's own background reads (the live-event poll, the task queue, ended sign-ins) run
    // beside the call and are not its statements.
    if (BACKGROUND.test(textOf(args[0])) || KEPT.test(textOf(args[0]))) return query.apply(this, args);
    statements++;
    if (out === 0) roundTrips++;
    out++;
    const answer = query.apply(this, args);
    answer.finally(() => out--).catch(() => {});
    return answer;
  };
  try {
    const res = await call();
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    client.query = query;
  }
  return { statements, roundTrips };
}
