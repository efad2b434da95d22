import { parentPort, workerData } from 'node:worker_threads';
import { type LargeProblem, type RegionSolution, solveRegions } from '@fieldport/dispatch';
import { createRouter, type TravelEstimate } from '../../infra/router.ts';
import { travelMatrix } from './dispatch.policy.ts';

/** What a large plan's thread is given: the problem without its travel, and how to get the travel. */
export interface LargePlanInput {
  problem: Omit<LargeProblem, 'travel'>;
  /** The place that travels nothing (a technician with neither home nor office), or null. */
  nowhere: number | null;
  estimate: TravelEstimate;
  osrmUrl: string | undefined;
  timeLimitMs: number;
  regionJobs?: number | undefined;
  regionCells?: number | undefined;
}

/** What the thread says: how far it has come, then the plan (or why it failed). */
export type LargePlanMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; solution: RegionSolution }
  | { kind: 'failed'; message: string };

/**
 * A large plan solved in a worker thread (decision 066): the regions' solver holds its thread for the
 * whole time limit, so it never runs on the server's. Each region's travel comes from the router (OSRM
 * when OSRM_URL is set, one table per region; else the straight-line estimate).
 */
async function run(input: LargePlanInput) {
  const router = createRouter(input.osrmUrl, () => {});
  const { points } = input.problem;
  const solution = await solveRegions(
    {
      ...input.problem,
      travel: async (places) => {
        const table = await router.table(
          places.map((p) => ({ latitude: points[p]!.lat, longitude: points[p]!.lon })),
          input.estimate,
        );
        const nowhere = input.nowhere === null ? -1 : places.indexOf(input.nowhere);
        return travelMatrix(table, nowhere < 0 ? null : nowhere);
      },
    },
    {
      seed: 1,
      timeLimitMs: input.timeLimitMs,
      ...(input.regionJobs ? { regionJobs: input.regionJobs } : {}),
      ...(input.regionCells ? { regionCells: input.regionCells } : {}),
      onProgress: (done, total) => parentPort?.postMessage({ kind: 'progress', done, total }),
    },
  );
  parentPort?.postMessage({ kind: 'done', solution } satisfies LargePlanMessage);
}

run(workerData as LargePlanInput).catch((err: unknown) =>
  parentPort?.postMessage({ kind: 'failed', message: String((err as Error)?.message ?? err) }),
);
