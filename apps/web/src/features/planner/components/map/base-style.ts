import type { StyleSpecification } from 'maplibre-gl';
import type { GeometryCollection, Topology } from 'topojson-specification';
// The file is served with the app (same origin) and read with fetch: JSON.parse beats a 750 KB module.
import countriesUrl from 'world-atlas/countries-50m.json?url';

/** The two looks of the built-in base (000 §2 map type): a plain map, or darker 'satellite' colours. */
const PALETTES = {
  Map: { sea: '#aad3df', land: '#f2efe9', border: '#9e9cab', coast: '#6b8fa3' },
  Satellite: { sea: '#0b2a40', land: '#2f3d26', border: '#c9c2a3', coast: '#7fa6b8' },
} as const;

export type MapType = keyof typeof PALETTES;

let countries: Promise<{
  land: GeoJSON.FeatureCollection;
  borders: GeoJSON.MultiLineString;
  coast: GeoJSON.MultiLineString;
}> | null = null;

/**
 * Natural Earth's countries at 1:50m (world-atlas, public domain) as GeoJSON: the land, the borders
 * between countries and the coastlines. Shipped with the app and read once, so the map needs no network.
 */
function loadCountries() {
  countries ??= Promise.all([
    fetch(countriesUrl).then((res) => {
      if (!res.ok) throw new Error(`countries: ${res.status}`);
      return res.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    }),
    import('topojson-client'),
  ]).then(([topology, topojson]) => {
    const shapes = topology.objects.countries;
    return {
      land: topojson.feature(topology, shapes) as GeoJSON.FeatureCollection,
      borders: topojson.mesh(topology, shapes, (a, b) => a !== b),
      coast: topojson.mesh(topology, shapes, (a, b) => a === b),
    };
  });
  // A failed read is tried again next time rather than kept.
  countries.catch(() => {
    countries = null;
  });
  return countries;
}

/**
 * The built-in base style (decision 038): a background of sea, the countries as land and their borders
 * and coastlines as lines. No glyphs, sprites or tiles: nothing is fetched.
 */
async function offlineStyle(type: MapType): Promise<StyleSpecification> {
  const { land, borders, coast } = await loadCountries();
  const colours = PALETTES[type];
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: land },
      borders: { type: 'geojson', data: borders },
      coast: { type: 'geojson', data: coast },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': colours.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      { id: 'coast', type: 'line', source: 'coast', paint: { 'line-color': colours.coast, 'line-width': 1 } },
      {
        id: 'borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': colours.border, 'line-width': 1, 'line-dasharray': [3, 2] },
      },
    ],
  };
}

let pmtilesRegistered = false;

/**
 * The style to draw for a map type: its URL (MAP_STYLE_URL for 'Map', MAP_SATELLITE_STYLE_URL for
 * 'Satellite') as a MapLibre style (its `pmtiles://` sources work), a `.pmtiles` file drawn on its own
 * (raster: imagery) or as lines over the built-in base (vector), or without a URL the built-in base in
 * the type's colours.
 */
export async function mapStyle(
  maplibre: Pick<typeof import('maplibre-gl'), 'addProtocol'>,
  styleUrl: string | null | undefined,
  type: MapType,
): Promise<StyleSpecification | string> {
  if (!styleUrl) return offlineStyle(type);
  const { PMTiles, Protocol } = await import('pmtiles');
  if (!pmtilesRegistered) {
    maplibre.addProtocol('pmtiles', new Protocol().tile);
    pmtilesRegistered = true;
  }
  if (!new URL(styleUrl).pathname.endsWith('.pmtiles')) return styleUrl;
  const archive = new PMTiles(styleUrl);
  const header = await archive.getHeader();
  if (header.tileType !== 1) {
    // Raster tiles (PNG, JPEG, WebP, AVIF): the header's zoom range and bounds go into the source, so
    // MapLibre asks only for tiles the file has, each read by the protocol with a range request.
    return {
      version: 8,
      sources: {
        tiles: {
          type: 'raster',
          tiles: [`pmtiles://${styleUrl}/{z}/{x}/{y}`],
          tileSize: 256,
          minzoom: header.minZoom,
          maxzoom: header.maxZoom,
          bounds: [header.minLon, header.minLat, header.maxLon, header.maxLat],
        },
      },
      layers: [
        { id: 'sea', type: 'background', paint: { 'background-color': PALETTES[type].sea } },
        { id: 'tiles', type: 'raster', source: 'tiles' },
      ],
    };
  }
  // Vector tiles without a style of their own: every layer's shapes as thin lines over the base.
  const metadata = (await archive.getMetadata()) as { vector_layers?: { id: string }[] };
  const base = await offlineStyle(type);
  base.sources.tiles = { type: 'vector', url: `pmtiles://${styleUrl}` };
  for (const layer of metadata.vector_layers ?? []) {
    base.layers.push({
      id: `tiles-${layer.id}`,
      type: 'line',
      source: 'tiles',
      'source-layer': layer.id,
      paint: { 'line-color': PALETTES[type].border, 'line-width': 0.5 },
    });
  }
  return base;
}
