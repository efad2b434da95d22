import type { RouteName } from '@fieldport/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';

/**
 * The reads whose answers are kept (decision 027): the record views and lists a planner's screens
 * read again after every live event. Each depends only on records changed through the outbox.
 */
export const CACHED_READS: ReadonlySet<RouteName> = new Set<RouteName>([
  'jobGet',
  'jobListFiltered',
  'customerFiltered',
  'customerGet',
  'machineGet',
  'machineFiltered',
  'schedulerDateRange',
  'appointmentDateRange',
]);

/** How long an answer is kept at most: the bound on answers that change with the clock alone. */
const TTL_MS = 10_000;
/** The bytes of answers kept at most; the least recently read go first. */
const MAX_BYTES = 64 * 1024 * 1024;

/** A kept answer and the generation of the data it was read at. */
interface Kept {
  /** The answer's UTF-8 bytes, encoded once. */
  bytes: Buffer;
  generation: number;
}

/**
 * Serialised answers of the cached reads, per caller (user, sign-in, language) and exact input. One
 * generation counts the changes of the data: every committed change event (at once in this process,
 * through the live-event dispatcher from the others), and every other write call this process
 * answers, moves it on, and an answer read at an older generation is never given again. An answer
 * whose read began before a change is not kept.
 */
export class AnswerCache {
  private generation = 0;
  private readonly kept = new LRUCache<string, Kept>({
    maxSize: MAX_BYTES,
    sizeCalculation: (k) => k.bytes.length + 64,
    ttl: TTL_MS,
  });

  /** The data changed: every answer kept so far is out of date. */
  changed(): void {
    this.generation += 1;
    this.kept.clear();
  }

  /** Where the data stands now: pass it to `keep` with the answer read from here. */
  now(): number {
    return this.generation;
  }

  get(key: string): Buffer | undefined {
    const hit = this.kept.get(key);
    return hit && hit.generation === this.generation ? hit.bytes : undefined;
  }

  /** Keeps `text`, read at `generation`, unless the data changed while it was read; answers its bytes. */
  keep(key: string, generation: number, text: string): Buffer {
    const bytes = Buffer.from(text);
    if (generation === this.generation) this.kept.set(key, { bytes, generation });
    return bytes;
  }
}

/** The caller and the exact input of a cached read: nobody is ever given another caller's answer. */
export function answerKeyOf(req: FastifyRequest): string {
  const user = req.authUser;
  return `${user?.id ?? '-'}\n${req.headers['accept-language'] ?? ''}\n${req.url}\n${req.body === undefined ? '' : JSON.stringify(req.body)}`;
}

/**
 * Every write this process answers moves the generation on, events or not, before its answer goes
 * out: a change made without an event (an upload, say) is never read back as it was.
 */
export function installAnswerCache(app: FastifyInstance, cache: AnswerCache) {
  app.addHook('onSend', async (req, reply, payload) => {
    if (
      req.method !== 'GET' &&
      req.method !== 'HEAD' &&
      reply.statusCode < 400 &&
      !req.routeOptions.config?.cachedRead
    )
      cache.changed();
    return payload;
  });
}
