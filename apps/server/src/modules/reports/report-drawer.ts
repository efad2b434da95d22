import type { Piscina } from 'piscina';
import type { ReportInput } from './report-pdf.ts';
import type { DrawTask } from './report-worker.ts';

/** Draws the job reports (a PDF from its input) away from the server's thread. */
export interface ReportDrawer {
  draw(kind: DrawTask['kind'], input: ReportInput): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * A pool of `threads` worker threads (piscina) that draw the reports with pdfkit (report-worker.ts),
 * started with the first report (pdfkit and the fonts load there, not at boot) and ended with the app.
 * The server's thread only reads the job and sends the answer, so the other calls keep their latency
 * while reports are drawn (decision 059). How many are asked for at once, and by whom, is bounded
 * before this by the heavy-work pool (modules/common/heavy-work.ts).
 */
export function reportDrawer(threads: number): ReportDrawer {
  let pool: Promise<Piscina> | undefined;
  const start = async () => {
    const { Piscina } = await import('piscina');
    return new Piscina({
      filename: new URL('./report-worker.ts', import.meta.url).href,
      minThreads: 1,
      maxThreads: threads,
      // A thread unused for a minute ends; the next report starts one again.
      idleTimeout: 60_000,
    });
  };
  return {
    async draw(kind, input) {
      pool ??= start();
      const data = (await (await pool).run({ kind, input } satisfies DrawTask)) as Uint8Array;
      return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    },
    async close() {
      if (pool) await (await pool).destroy();
    },
  };
}
