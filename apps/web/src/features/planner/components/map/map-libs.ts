// MapLibre's worker is its own self-contained file: served with the app (same origin) and named to it.
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';

/**
 * The map's libraries, loaded the first time the map is shown (never with the planner's first chunk):
 * MapLibre GL with its stylesheet and worker, and the clustering (supercluster).
 */
export async function loadMapLibs() {
  const [maplibre, clusters] = await Promise.all([
    import('maplibre-gl'),
    import('../../rules/map-clusters.ts'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]);
  maplibre.setWorkerUrl(workerUrl);
  return { maplibre, PlaceClusters: clusters.PlaceClusters };
}

export type MapLibs = Awaited<ReturnType<typeof loadMapLibs>>;
