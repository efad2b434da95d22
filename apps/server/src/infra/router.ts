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

/** Road routing (spec README, Maps): OSRM when OSRM_URL is set, straight legs otherwise. */
export interface Router {
  route(from: Coordinates, to: Coordinates): Promise<Leg>;
}

/** Roads are longer than the straight line; a service van averages about this on Nordic roads. */
const DETOUR = 1.3;
const AVERAGE_KMH = 60;

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
  };
}

export function createRouter(osrmUrl: string | undefined, log?: (msg: string) => void): Router {
  return osrmUrl ? osrmRouter(osrmUrl, log ? { log } : {}) : straightRouter;
}
