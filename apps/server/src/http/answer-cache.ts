import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/** The content codings a kept answer is also kept in, the best first (as @fastify/compress offers them). */
export type AnswerEncoding = 'br' | 'gzip';
const ENCODINGS: readonly AnswerEncoding[] = ['br', 'gzip'];
/** Below this size an answer goes out as it is (@fastify/compress's threshold). */
const COMPRESS_FROM_BYTES = 1024;
/** The same settings @fastify/compress uses, so a kept answer is coded as a read one is. */
const compressors: Record<AnswerEncoding, (b: Buffer) => Buffer> = {
  br: (b) =>
    brotliCompressSync(b, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_SIZE_HINT]: b.length,
      },
    }),
  gzip: (b) => gzipSync(b),
};

/** A kept answer and the generation of the data it was read at. */
interface Kept {
  /** The answer's UTF-8 bytes, encoded once. */
  bytes: Buffer;
  generation: number;
  /** The answer compressed, per coding, made the first time a caller that accepts it reads it again. */
  coded: Partial<Record<AnswerEncoding, Buffer>>;
}

/** A kept answer as it goes out: its body and, when compressed, the coding. */
export interface KeptAnswer {
  body: Buffer;
  encoding?: AnswerEncoding;
}

/**
 * The coding a caller accepts (Accept-Encoding), br before gzip, none when it names neither or refuses
 * them (q=0): browsers send `gzip, deflate, br, zstd`.
 */
export function acceptedEncoding(header: string | undefined): AnswerEncoding | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(name.trim());
  }
  return ENCODINGS.find((e) => accepted.has(e)) ?? (accepted.has('*') ? 'br' : undefined);
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
    sizeCalculation: (k) => k.bytes.length + (k.coded.br?.length ?? 0) + (k.coded.gzip?.length ?? 0) + 64,
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

  /**
   * The kept answer of `key`, compressed in `encoding` when given and the answer is large enough: a
   * planner's screens read the same answers again after every live event, so each is compressed once,
   * not once per read (on two cores the compression cost more than the read it replaced).
   */
  get(key: string, encoding?: AnswerEncoding): KeptAnswer | undefined {
    const hit = this.kept.get(key);
    if (!hit || hit.generation !== this.generation) return undefined;
    if (!encoding || hit.bytes.length < COMPRESS_FROM_BYTES) return { body: hit.bytes };
    let body = hit.coded[encoding];
    if (!body) {
      body = compressors[encoding](hit.bytes);
      // A new entry (the cache sizes a value when it is set, not when it changes), keeping the time
      // the answer was read at.
      this.kept.set(key, { ...hit, coded: { ...hit.coded, [encoding]: body } }, { noUpdateTTL: true });
    }
    return { body, encoding };
  }

  /** Keeps `text`, read at `generation`, unless the data changed while it was read; answers its bytes. */
  keep(key: string, generation: number, text: string): Buffer {
    const bytes = Buffer.from(text);
    if (generation === this.generation) this.kept.set(key, { bytes, generation, coded: {} });
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
