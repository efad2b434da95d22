import { Worker } from 'node:worker_threads';
import type { RegionSolution } from '@fieldport/dispatch';
import type { LargePlanInput, LargePlanMessage } from './dispatch-worker.ts';

/**
 * Solves a large plan in a worker thread of its own (dispatch-worker.ts, decision 066) and answers its
 * plan. `onProgress` hears each region done; when `signal` is aborted (the owner cancelled the task) the
 * thread is ended at once and the promise rejects with the signal's reason.
 */
export function runLargePlan(
  input: LargePlanInput,
  opts: { signal: AbortSignal; onProgress: (done: number, total: number) => void },
): Promise<RegionSolution> {
  return new Promise((resolve, reject) => {
    if (opts.signal.aborted) return reject(opts.signal.reason);
    const worker = new Worker(new URL('./dispatch-worker.ts', import.meta.url), { workerData: input });
    let settled = false;
    const end = (fn: () => void) => {
      if (settled) return;
      settled = true;
      opts.signal.removeEventListener('abort', stop);
      fn();
      void worker.terminate();
    };
    const stop = () => end(() => reject(opts.signal.reason));
    opts.signal.addEventListener('abort', stop, { once: true });
    worker.on('message', (m: LargePlanMessage) => {
      if (m.kind === 'progress') opts.onProgress(m.done, m.total);
      else if (m.kind === 'done') end(() => resolve(m.solution));
      else end(() => reject(new Error(m.message)));
    });
    worker.on('error', (err) => end(() => reject(err)));
    worker.on('exit', (code) => end(() => reject(new Error(`The plan's thread ended (${code})`))));
  });
}
