/**
 * The map markers' rules (000 §2, §8, decision 038): a cluster's label, a marker's colour by job status,
 * the marker status filter's default, and the radius nearby jobs are asked for.
 */

/** A cluster shows its job count, '9+' above 9. */
export function clusterLabel(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** The marker colour when a status has none (or an unreadable one): the theme's grey. */
export const NO_STATUS_COLOR = '#757575';

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/**
 * A place's colour: its jobs' status colour (the lowest status when they differ, the one still to be
 * done first). A colour that is not a hex colour falls back to grey, so nothing odd reaches the style.
 */
export function markerColor(jobs: readonly { JobStatusId: number; StatusColor: string }[]): string {
  let lowest: { JobStatusId: number; StatusColor: string } | undefined;
  for (const job of jobs) if (!lowest || job.JobStatusId < lowest.JobStatusId) lowest = job;
  const color = lowest?.StatusColor.trim() ?? '';
  return HEX.test(color) ? color : NO_STATUS_COLOR;
}

/** Statuses below this are shown when the user has chosen none (000 §8: marker default below 50). */
const MARKER_DEFAULT_BELOW = 50;

/** The statuses whose jobs the map asks for: the stored choice, else every status below 50. */
export function markerStatusIds(stored: readonly number[], statusIds: readonly number[]): number[] {
  const known = new Set(statusIds);
  const chosen = stored.filter((id) => known.has(id));
  return chosen.length > 0 ? chosen : statusIds.filter((id) => id < MARKER_DEFAULT_BELOW);
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceMeters(a: [number, number], b: [number, number]): number {
  const dLat = rad(b[1] - a[1]);
  const dLng = rad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[1])) * Math.cos(rad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The server's largest radius (maps/NearbyJobs: at most 2,000 km). */
export const MAX_NEARBY_RADIUS = 2_000_000;

/**
 * The circle nearby jobs are asked for (000 §8): the visible map's centre, and 1.25 times the distance
 * from the centre to the farthest corner, in whole metres, at most the server's limit.
 */
export function nearbyCircle(bounds: { west: number; south: number; east: number; north: number }) {
  const centre: [number, number] = [(bounds.west + bounds.east) / 2, (bounds.south + bounds.north) / 2];
  const corners: [number, number][] = [
    [bounds.west, bounds.south],
    [bounds.west, bounds.north],
    [bounds.east, bounds.south],
    [bounds.east, bounds.north],
  ];
  const radius = Math.max(...corners.map((c) => distanceMeters(centre, c)));
  return {
    Origin: { Longitude: centre[0], Latitude: centre[1] },
    Radius: Math.max(1, Math.min(MAX_NEARBY_RADIUS, Math.ceil(radius * 1.25))),
  };
}

/** 'lng,lat' (GlobalSettings.Maps.MainLocationCoordinates) as a point, or null when unset or unreadable. */
export function mainOffice(text: string | undefined): [number, number] | null {
  const parts = (text ?? '').split(',').map((p) => Number(p.trim()));
  if (parts.length !== 2) return null;
  const [lng, lat] = parts as [number, number];
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90)
    return null;
  if (lng === 0 && lat === 0) return null;
  return [lng, lat];
}

/** The map split (000 §2): the scheduler's share of the width, 20 to 80 percent, default 66 (000 §9). */
export function clampSplit(percent: number): number {
  return Number.isFinite(percent) ? Math.min(80, Math.max(20, Math.round(percent))) : 66;
}
