// Travel matrices: one per plan, from coordinates or from any (from, to) function (the server's OSRM
// table, later). Every duration must be in the plan's time unit.
import type { TravelMatrix } from './types.ts';

/** A matrix from any function of two place indices. */
export function matrixFrom(
  size: number,
  leg: (from: number, to: number) => { duration: number; distance: number },
): TravelMatrix {
  const duration = new Float64Array(size * size);
  const distance = new Float64Array(size * size);
  for (let a = 0; a < size; a++) {
    for (let b = 0; b < size; b++) {
      if (a === b) continue;
      const l = leg(a, b);
      duration[a * size + b] = l.duration;
      distance[a * size + b] = l.distance;
    }
  }
  return { size, duration, distance };
}

export interface LatLon {
  lat: number;
  lon: number;
}

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface RoadEstimate {
  /** Road distance over straight-line distance (default 1.3). */
  roadFactor?: number;
  /** Average speed in km/h (default 50). */
  speedKmh?: number;
  /** Time units per hour: 60 for minutes (default), 3600 for seconds. */
  unitsPerHour?: number;
}

/** The default: straight-line distance × a road factor, driven at an average speed (km and minutes by default). */
export function haversineMatrix(points: readonly LatLon[], estimate: RoadEstimate = {}): TravelMatrix {
  const factor = estimate.roadFactor ?? 1.3;
  const speed = estimate.speedKmh ?? 50;
  const perHour = estimate.unitsPerHour ?? 60;
  return matrixFrom(points.length, (a, b) => {
    const km = haversineKm(points[a]!, points[b]!) * factor;
    return { distance: km, duration: (km / speed) * perHour };
  });
}

/** Euclidean distance on the plane, travel time = distance / speed (the Solomon benchmark: speed 1). */
export function euclideanMatrix(points: readonly { x: number; y: number }[], speed = 1): TravelMatrix {
  return matrixFrom(points.length, (a, b) => {
    const d = Math.hypot(points[a]!.x - points[b]!.x, points[a]!.y - points[b]!.y);
    return { distance: d, duration: d / speed };
  });
}
