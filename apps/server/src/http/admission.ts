import { serverMessage } from '@fieldport/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import PQueue from 'p-queue';
import { BUSY_RETRY_AFTER_S, STOPPING_RETRY_AFTER_S } from '../modules/common/errors.ts';

export interface AdmissionLimits {
  /** API calls running at once; the next ones wait. */
  maxActive: number;
  /** Calls that may wait for a turn; beyond it a call is answered 503 at once. */
  queue: number;
  /** How long a call waits for its turn at most before it is answered 503. */
  waitMs: number;
}

/** Calls the admission leaves alone: health and metrics (cheap, and what a balancer asks). */
const EXEMPT = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Admission control of the API (decision 059): at most `maxActive` calls run at once, at most `queue`
 * more wait for a turn, none waits longer than `waitMs`; the others are answered 503 with Retry-After
 * and a translated Message at once, so under a flood the calls that are taken keep their latency
 * instead of every call slowing down (on the embedded database every query waits in one line,
 * db/database.ts, so without a cap a burst of writes made each one wait seconds). The turns are a
 * p-queue: a call's task holds its turn from admission until its answer is sent or its connection
 * closes. Routes marked `heavyWork` (PDFs, workbooks) are left to their own bounded pool
 * (modules/common/heavy-work.ts), and so are the web app's files and the API documentation.
 *
 * `stop()` (SIGTERM): every call still waiting for its turn has not started, and is answered 503
 * `server_stopping` with `Connection: close`; the calls under way (at most `maxActive`) finish.
 */
export class Admission {
  readonly queue: PQueue;
  private stopping = false;
  private readonly waiting = new Set<AbortController>();

  readonly limits: AdmissionLimits;

  constructor(limits: AdmissionLimits) {
    this.limits = limits;
    this.queue = new PQueue({ concurrency: limits.maxActive });
  }

  /** The calls running and waiting now (metrics, tests). */
  get active() {
    return this.queue.pending;
  }
  get queued() {
    return this.queue.size;
  }

  /**
   * Waits for a turn: resolves with the function that gives it back, or with the refusal: `busy` (the
   * line is full, or the wait was too long) or `stopping`.
   */
  async enter(onGone: (leave: () => void) => void): Promise<(() => void) | 'busy' | 'stopping'> {
    if (this.stopping) return 'stopping';
    if (this.queue.pending >= this.limits.maxActive && this.queue.size >= this.limits.queue) return 'busy';
    const abort = new AbortController();
    let leave!: () => void;
    const done = new Promise<void>((resolve) => {
      leave = resolve;
    });
    let admitted!: () => void;
    const started = new Promise<void>((resolve) => {
      admitted = resolve;
    });
    const timer = setTimeout(() => abort.abort(new Error('busy')), this.limits.waitMs);
    this.waiting.add(abort);
    // The caller gone while waiting: out of the line; gone while running: the turn is given back.
    onGone(() => {
      leave();
      if (this.waiting.has(abort)) abort.abort(new Error('gone'));
    });
    const task = this.queue.add(
      () => {
        clearTimeout(timer);
        this.waiting.delete(abort);
        admitted();
        return done;
      },
      { signal: abort.signal },
    );
    try {
      await Promise.race([started, task]);
      return leave;
    } catch (err) {
      clearTimeout(timer);
      this.waiting.delete(abort);
      return this.stopping || (err as Error).message === 'stopping' ? 'stopping' : 'busy';
    }
  }

  /** From SIGTERM on: no call is taken, and those waiting are answered 503 with Connection: close. */
  stop() {
    this.stopping = true;
    for (const w of this.waiting) w.abort(new Error('stopping'));
    this.waiting.clear();
  }
}

/** The admission's hook: before anything else of a call but the stopping check (graceful-close.ts). */
export function installAdmission(app: FastifyInstance, admission: Admission) {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?')[0] ?? '';
    if (EXEMPT.has(path) || !path.startsWith('/api2/') || path.startsWith('/api2/docs')) return;
    if (req.routeOptions.config?.heavyWork) return;
    const turn = await admission.enter((leave) => reply.raw.once('close', leave));
    if (typeof turn === 'function') return;
    const lang = req.headers['accept-language'];
    if (turn === 'stopping')
      return reply
        .code(503)
        .header('connection', 'close')
        .header('retry-after', String(STOPPING_RETRY_AFTER_S))
        .send({ Message: serverMessage('server_stopping', lang) });
    return reply
      .code(503)
      .header('retry-after', String(BUSY_RETRY_AFTER_S))
      .send({ Message: serverMessage('server_busy', lang) });
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Heavy work (a PDF, a workbook): its own bounded pool, outside the API's admission (decision 059). */
    heavyWork?: boolean;
  }
}
