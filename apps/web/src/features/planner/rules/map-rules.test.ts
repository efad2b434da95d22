import { describe, expect, it } from 'vitest';
import { type MapPlace, PlaceClusters } from './map-clusters.ts';
import {
  clampSplit,
  clusterLabel,
  distanceMeters,
  MAX_NEARBY_RADIUS,
  mainOffice,
  markerColor,
  markerStatusIds,
  NO_STATUS_COLOR,
  nearbyCircle,
} from './map-markers.ts';
import { decodePolyline } from './polyline.ts';

const job = (JobStatusId: number, StatusColor = '#1976d2', Id = 1) => ({ Id, JobStatusId, StatusColor });

describe('cluster labels', () => {
  it('shows the count up to 9 and 9+ above', () => {
    expect(clusterLabel(2)).toBe('2');
    expect(clusterLabel(9)).toBe('9');
    expect(clusterLabel(10)).toBe('9+');
    expect(clusterLabel(10_000)).toBe('9+');
  });
});

describe('marker colour', () => {
  it('follows the job status colour, the lowest status when a place has several', () => {
    expect(markerColor([job(20, '#ff9800')])).toBe('#ff9800');
    expect(markerColor([job(40, '#4caf50'), job(10, '#2196f3'), job(30, '#ff0000')])).toBe('#2196f3');
  });
  it('is grey for a missing or unreadable colour', () => {
    expect(markerColor([])).toBe(NO_STATUS_COLOR);
    expect(markerColor([job(10, 'url(javascript:x)')])).toBe(NO_STATUS_COLOR);
    expect(markerColor([job(10, '')])).toBe(NO_STATUS_COLOR);
  });
});

describe('marker status filter', () => {
  const statuses = [10, 20, 30, 40, 50, 60, 70, 80];
  it('defaults to every status below 50', () => {
    expect(markerStatusIds([], statuses)).toEqual([10, 20, 30, 40]);
  });
  it('keeps the stored choice, without statuses that no longer exist', () => {
    expect(markerStatusIds([60, 10], statuses)).toEqual([60, 10]);
    expect(markerStatusIds([999], statuses)).toEqual([10, 20, 30, 40]);
  });
});

describe('nearby jobs circle', () => {
  it('asks for 1.25 times the distance from the centre to the farthest corner', () => {
    const bounds = { west: 10, south: 59, east: 11, north: 60 };
    const circle = nearbyCircle(bounds);
    expect(circle.Origin).toEqual({ Longitude: 10.5, Latitude: 59.5 });
    const corner = distanceMeters([10.5, 59.5], [10, 59]);
    expect(circle.Radius).toBe(Math.ceil(corner * 1.25));
    expect(circle.Radius).toBeGreaterThan(75_000);
    expect(circle.Radius).toBeLessThan(80_000);
  });
  it('never asks for more than the server allows', () => {
    expect(nearbyCircle({ west: -170, south: -80, east: 170, north: 80 }).Radius).toBe(MAX_NEARBY_RADIUS);
  });
});

describe('main office and split', () => {
  it('reads lng,lat and refuses nonsense', () => {
    expect(mainOffice('10.7522,59.9139')).toEqual([10.7522, 59.9139]);
    expect(mainOffice('')).toBeNull();
    expect(mainOffice('0,0')).toBeNull();
    expect(mainOffice('200,10')).toBeNull();
    expect(mainOffice('a,b')).toBeNull();
  });
  it('keeps the split between 20 and 80 percent', () => {
    expect(clampSplit(10)).toBe(20);
    expect(clampSplit(95)).toBe(80);
    expect(clampSplit(55.4)).toBe(55);
    expect(clampSplit(Number.NaN)).toBe(66);
  });
});

describe('polyline', () => {
  it('decodes the reference example to longitude, latitude pairs', () => {
    expect(decodePolyline('_p~iF~ps|U_ulLnnqC_mqNvxq`@')).toEqual([
      [-120.2, 38.5],
      [-120.95, 40.7],
      [-126.453, 43.252],
    ]);
  });
  it('stops at a malformed text instead of inventing points', () => {
    expect(decodePolyline('')).toEqual([]);
    expect(decodePolyline('_p~iF~ps|U\u0001')).toEqual([[-120.2, 38.5]]);
  });
});

/** A deterministic spread of places around the Nordic towns. */
function places(count: number): MapPlace[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 16807) % 2147483647;
    return seed / 2147483647;
  };
  return Array.from({ length: count }, (_, i) =>
    placeAt(5 + random() * 25, 55 + random() * 14, [job(10 + 10 * (i % 4), '#2196f3', i)]),
  );
}

/** A listed place as maps/NearbyJobs answers it: its count, and its lowest status's colour. */
function placeAt(lng: number, lat: number, jobs: ReturnType<typeof job>[]): MapPlace {
  const lowest = jobs.reduce((a, b) => (b.JobStatusId < a.JobStatusId ? b : a));
  return {
    Location: { Longitude: lng, Latitude: lat },
    Jobs: jobs,
    Count: jobs.length,
    JobStatusId: lowest.JobStatusId,
    StatusColor: lowest.StatusColor,
  };
}

describe('clustering', () => {
  it('counts jobs per cluster and labels big ones 9+', () => {
    const index = new PlaceClusters([
      placeAt(10, 60, [job(20, '#ff9800', 1), job(30, '#ff0000', 2)]),
      placeAt(10.0001, 60.0001, [job(10, '#2196f3', 3)]),
      placeAt(20, 65, [job(40, '#4caf50', 4)]),
    ]);
    const far = index.markers([-180, -85, 180, 85], 5);
    expect(far).toHaveLength(2);
    const cluster = far.find((m) => m.clusterId !== null);
    expect(cluster).toMatchObject({ jobs: 3, label: '3', color: '#2196f3' });
    expect(far.find((m) => m.place === 2)).toMatchObject({ jobs: 1, label: '', color: '#4caf50' });
    // Close in, the places part: the two-job place shows its own count.
    const near = index.markers([9.9, 59.9, 10.1, 60.1], 18);
    expect(near.map((m) => m.label).sort()).toEqual(['', '2']);
  });

  it('draws a cell of a clustered answer as a cluster of its count and status colour, not a place to list', () => {
    const cell: MapPlace = {
      Location: { Longitude: 10, Latitude: 60 },
      Jobs: [],
      Count: 240,
      JobStatusId: 20,
      StatusColor: '#ff9800',
    };
    const index = new PlaceClusters([cell, placeAt(20, 65, [job(40, '#4caf50', 4)])]);
    const markers = index.markers([-180, -85, 180, 85], 8);
    expect(markers.find((m) => m.place === 0)).toMatchObject({
      jobs: 240,
      label: '9+',
      color: '#ff9800',
      cell: true,
      clusterId: null,
    });
    expect(markers.find((m) => m.place === 1)).toMatchObject({ jobs: 1, cell: false });
    // From afar both are one cluster counting every job.
    expect(index.markers([-180, -85, 180, 85], 0).map((m) => m.jobs)).toEqual([241]);
  });

  it('clusters 10,000 jobs into a few hundred markers over the Nordics, and "9+" seen from afar', () => {
    // Its 15 ms budget is a bench row (bench/planner.ts, clustering), not a timed test.
    const data = places(10_000);
    const markers = new PlaceClusters(data).markers([0, 50, 35, 72], 5);
    expect(markers.length).toBeGreaterThan(10);
    expect(markers.length).toBeLessThan(2_000);
    // Seen whole, every job is in one marker or another, once.
    const world = new PlaceClusters(data).markers([-180, -85, 180, 85], 0);
    expect(world.reduce((n, m) => n + m.jobs, 0)).toBe(10_000);
    expect(world.some((m) => m.label === '9+')).toBe(true);
  });

  it('zooms a cluster to the level where it splits, not a fixed step', () => {
    // Two places 0.01° of longitude apart (about 0.02 px apart at zoom 5): within the 48 px radius up
    // to zoom 11 (~28 px on supercluster's 512 px tiles), apart from zoom 12 (~55 px); one far away.
    const index = new PlaceClusters([
      placeAt(10, 60, [job(20, '#ff9800', 1)]),
      placeAt(10.01, 60, [job(10, '#2196f3', 2), job(30, '#f00', 3)]),
      placeAt(20, 65, [job(40, '#4caf50', 4)]),
    ]);
    const view: [number, number, number, number] = [9.9, 59.9, 10.1, 60.1];
    const cluster = index.markers(view, 5).find((m) => m.clusterId !== null);
    expect(cluster).toMatchObject({ jobs: 3, zoom: 5 });
    const zoom = index.expansionZoom(cluster?.clusterId ?? -1, cluster?.zoom ?? 5);
    expect(zoom).toBe(12);
    // What the map then shows: still one marker a level before, the two places at that level.
    expect(index.markers(view, zoom - 1).map((m) => m.jobs)).toEqual([3]);
    expect(
      index
        .markers(view, zoom)
        .map((m) => m.place)
        .sort(),
    ).toEqual([0, 1]);
    // A cluster deeper in asks the same answer: it splits at the same level.
    const deeper = index.markers(view, 9).find((m) => m.clusterId !== null);
    expect(index.expansionZoom(deeper?.clusterId ?? -1, 9)).toBe(12);
  });

  it('finds where a big cluster splits, among 10,000 places', () => {
    const data = places(10_000);
    const index = new PlaceClusters(data);
    const biggest = index
      .markers([-180, -85, 180, 85], 3)
      .filter((m) => m.clusterId !== null)
      .sort((a, b) => b.jobs - a.jobs)[0];
    expect(biggest?.jobs).toBeGreaterThan(500);
    const zoom = index.expansionZoom(biggest?.clusterId ?? -1, 3);
    expect(zoom).toBe(4);
    // At that zoom its area shows more than one marker.
    const [lng, lat] = biggest?.lngLat ?? [0, 0];
    expect(index.markers([lng - 3, lat - 2, lng + 3, lat + 2], zoom).length).toBeGreaterThan(1);
  });
});
