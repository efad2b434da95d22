import polyline from '@mapbox/polyline';
import { type Coordinates, metresBetween } from './geocoder.ts';

/** One leg of a route: the encoded polyline (precision 5) and its length and driving time. */
export interface Leg {
  polyline: string;
  distanceMeters: number;
  durationSeconds: number;
  /** True when the leg is a straight line with an estimated time, not a road route. */
  estimated: boolean;
}

/**
 * Travel between every pair of places (row-major `size × size`: `[from * size + to]`), in seconds and
 * metres; `estimated` when it is the straight-line stand-in, not road routing.
 */
export interface TravelTable {
  size: number;
  durationSeconds: Float64Array;
  distanceMeters: Float64Array;
  estimated: boolean;
}

/** How the straight-line stand-in estimates road travel: road km per straight km, and the average speed. */
export interface TravelEstimate {
  roadFactor: number;
  speedKmh: number;
}

/** Road routing (spec README, Maps): OSRM when OSRM_URL is set, straight legs otherwise. */
export interface Router {
  route(from: Coordinates, to: Coordinates): Promise<Leg>;
  /** The travel table of a plan's places, in one call (decision 063). */
  table(points: readonly Coordinates[], estimate?: TravelEstimate): Promise<TravelTable>;
}

/** Roads are longer than the straight line; a service van averages about this on Nordic roads. */
const DETOUR = 1.3;
const AVERAGE_KMH = 60;

/** Straight-line distance × the road factor, driven at the average speed. */
export function straightTable(
  points: readonly Coordinates[],
  estimate: TravelEstimate = { roadFactor: DETOUR, speedKmh: AVERAGE_KMH },
): TravelTable {
  const size = points.length;
  const durationSeconds = new Float64Array(size * size);
  const distanceMeters = new Float64Array(size * size);
  const metresPerSecond = (estimate.speedKmh * 1000) / 3600;
  for (let a = 0; a < size; a++) {
    for (let b = a + 1; b < size; b++) {
      const metres = metresBetween(points[a]!, points[b]!) * estimate.roadFactor;
      distanceMeters[a * size + b] = distanceMeters[b * size + a] = metres;
      durationSeconds[a * size + b] = durationSeconds[b * size + a] = metres / metresPerSecond;
    }
  }
  return { size, durationSeconds, distanceMeters, estimated: true };
}

/** A straight leg with an estimated length and time: what the map draws without a routing server. */
export const straightRouter: Router = {
  async route(from, to) {
    const distanceMeters = Math.round(metresBetween(from, to) * DETOUR);
    return {
      polyline: polyline.encode([
        [from.latitude, from.longitude],
        [to.latitude, to.longitude],
      ]),
      distanceMeters,
      durationSeconds: Math.round(distanceMeters / ((AVERAGE_KMH * 1000) / 3600)),
      estimated: true,
    };
  },
  async table(points, estimate) {
    return straightTable(points, estimate);
  },
};

/** An OSRM server's driving route; a failure falls back to the straight leg, so the map still draws. */
export function osrmRouter(
  baseUrl: string,
  opts: { timeoutMs?: number; log?: (msg: string) => void } = {},
): Router {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    async route(from, to) {
      const url = new URL(
        `route/v1/driving/${from.longitude},${from.latitude};${to.longitude},${to.latitude}`,
        base,
      );
      url.search = 'overview=full&geometries=polyline';
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 5000) });
        if (!res.ok) throw new Error(`answered ${res.status}`);
        const body = (await res.json()) as {
          routes?: { geometry: string; distance: number; duration: number }[];
        };
        const best = body.routes?.[0];
        if (!best) throw new Error('found no route');
        return {
          polyline: best.geometry,
          distanceMeters: Math.round(best.distance),
          durationSeconds: Math.round(best.duration),
          estimated: false,
        };
      } catch (err) {
        opts.log?.(`Router at ${base} failed: ${(err as Error).message}`);
        return straightRouter.route(from, to);
      }
    },
    // One table call per plan (OSRM's /table service); a failure or a gap falls back to straight legs.
    async table(points, estimate) {
      if (points.length < 2) return straightTable(points, estimate);
      const places = points.map((p) => `${p.longitude},${p.latitude}`).join(';');
      const url = new URL(`table/v1/driving/${places}`, base);
      url.search = 'annotations=duration,distance';
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000) });
        if (!res.ok) throw new Error(`answered ${res.status}`);
        const body = (await res.json()) as {
          durations?: (number | null)[][];
          distances?: (number | null)[][];
        };
        const size = points.length;
        if (body.durations?.length !== size || body.distances?.length !== size)
          throw new Error('answered no table of the places');
        const straight = straightTable(points, estimate);
        const durationSeconds = new Float64Array(size * size);
        const distanceMeters = new Float64Array(size * size);
        for (let a = 0; a < size; a++) {
          for (let b = 0; b < size; b++) {
            const i = a * size + b;
            const d = body.durations[a]?.[b];
            const m = body.distances[a]?.[b];
            // An unreachable pair (null) is estimated, so a plan still has a number for it.
            durationSeconds[i] = typeof d === 'number' ? d : straight.durationSeconds[i]!;
            distanceMeters[i] = typeof m === 'number' ? m : straight.distanceMeters[i]!;
          }
        }
        return { size, durationSeconds, distanceMeters, estimated: false };
      } catch (err) {
        opts.log?.(`Router table at ${base} failed: ${(err as Error).message}`);
        return straightTable(points, estimate);
      }
    },
  };
}

export function createRouter(osrmUrl: string | undefined, log?: (msg: string) => void): Router {
  return osrmUrl ? osrmRouter(osrmUrl, log ? { log } : {}) : straightRouter;
}

/** The most places sent to a road router in one table call for the board's legs (decision 065). */
export const LEG_TABLE_MAX_PLACES = 2_500;

/**
 * The travel of some legs only (pairs of indexes into `points`): by road in one table call when a road
 * router is set and the places are few enough, else each leg's straight-line estimate (no table of every
 * pair: a week of a large company has thousands of places but only one leg per appointment).
 */
export async function legTravel(
  router: Router,
  points: readonly Coordinates[],
  pairs: readonly (readonly [number, number])[],
  estimate: TravelEstimate = { roadFactor: DETOUR, speedKmh: AVERAGE_KMH },
): Promise<{ durationSeconds: number[]; distanceMeters: number[]; estimated: boolean }> {
  if (router !== straightRouter && points.length >= 2 && points.length <= LEG_TABLE_MAX_PLACES) {
    const table = await router.table(points, estimate);
    return {
      durationSeconds: pairs.map(([a, b]) => table.durationSeconds[a * table.size + b]!),
      distanceMeters: pairs.map(([a, b]) => table.distanceMeters[a * table.size + b]!),
      estimated: table.estimated,
    };
  }
  const metresPerSecond = (estimate.speedKmh * 1000) / 3600;
  const distanceMeters = pairs.map(([a, b]) => metresBetween(points[a]!, points[b]!) * estimate.roadFactor);
  return {
    durationSeconds: distanceMeters.map((m) => m / metresPerSecond),
    distanceMeters,
    estimated: true,
  };
}
