import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Clock } from '../infra/clock.ts';

/** The most keys a route's limiter remembers; the least recently counted is forgotten first (as the plugin's own store). */
const MAX_KEYS = 5000;

/**
 * The rate limits' counts in memory, each key's window counted on the app's clock rather than
 * Date.now(), so that a limit (10 positions a minute, 20 sign-ins a minute) holds and lifts as the
 * server's time says and tests can hold that time. A fixed window per key, as @fastify/rate-limit's
 * LocalStore without its continueExceeding and exponentialBackoff (not used here).
 */
export function clockedRateLimitStore(clock: Clock): FastifyRateLimitStoreCtor {
  return class ClockedStore implements FastifyRateLimitStore {
    private readonly windows = new Map<string, { count: number; startMs: number }>();
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number) {
      const now = clock.now().getTime();
      let w = this.windows.get(key);
      // Expired, or the clock set back before the window began: a fresh window.
      if (!w || w.startMs + timeWindow <= now || now < w.startMs) w = { count: 0, startMs: now };
      w.count += 1;
      this.windows.delete(key);
      this.windows.set(key, w);
      if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value as string);
      callback(null, { current: w.count, ttl: timeWindow - (now - w.startMs) });
    }
    child() {
      return new ClockedStore();
    }
  };
}
