import PQueue from 'p-queue';
import { BUSY_RETRY_AFTER_S, refusal, STOPPING_RETRY_AFTER_S } from './errors.ts';

export interface HeavyWorkLimits {
  /** Pieces of heavy work made at once. */
  concurrency: number;
  /** Pieces that may wait for a turn; beyond it the caller gets 503. */
  queue: number;
  /** Pieces one user may have made or waiting at once; beyond it the caller gets 429. */
  perUser: number;
}

/** How long a user at their limit is asked to wait (Retry-After, seconds): about one document. */
const PER_USER_RETRY_AFTER_S = 2;

/**
 * The bounded pool of heavy work done in a request (decision 059): the service report and hazard
 * analysis PDFs and the time report's workbook. At most `concurrency` are made at once (a p-queue),
 * `queue` more wait; one user has at most `perUser` made or waiting, so one account asking for
 * hundreds of PDFs gets 429 with Retry-After beyond its share and never holds the pool (or the API's
 * admission, which these routes are outside of) from everyone else. `gate` (tests only) is awaited in
 * the pool's turn before the work, so a test can hold a piece in flight.
 */
export class HeavyWork {
  private readonly pool: PQueue;
  private readonly perUser = new Map<number, number>();
  private stopping = false;
  private readonly limits: HeavyWorkLimits;
  private readonly gate: (() => Promise<void>) | undefined;

  constructor(limits: HeavyWorkLimits, gate?: () => Promise<void>) {
    this.limits = limits;
    this.gate = gate;
    this.pool = new PQueue({ concurrency: limits.concurrency });
  }

  async run<T>(userId: number, work: () => Promise<T>): Promise<T> {
    if (this.stopping) throw stoppingError();
    const mine = this.perUser.get(userId) ?? 0;
    if (mine >= this.limits.perUser)
      throw refusal(429, 'heavy_work_limit', {
        values: { count: this.limits.perUser },
        headers: { 'retry-after': String(PER_USER_RETRY_AFTER_S) },
      });
    if (this.pool.pending >= this.limits.concurrency && this.pool.size >= this.limits.queue)
      throw refusal(503, 'server_busy', { headers: { 'retry-after': String(BUSY_RETRY_AFTER_S) } });
    this.perUser.set(userId, mine + 1);
    try {
      return await this.pool.add(async () => {
        await this.gate?.();
        return work();
      });
    } catch (err) {
      // Taken off the line by stop(): the work never started.
      if ((err as Error).name === 'AbortError' && this.stopping) throw stoppingError();
      throw err;
    } finally {
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left > 0) this.perUser.set(userId, left);
      else this.perUser.delete(userId);
    }
  }

  /** SIGTERM: nothing new is taken, what waits is answered 503 (it never started), what runs finishes. */
  stop() {
    this.stopping = true;
    this.pool.clear();
  }
}

const stoppingError = () =>
  refusal(503, 'server_stopping', {
    headers: { connection: 'close', 'retry-after': String(STOPPING_RETRY_AFTER_S) },
  });
