/// <reference types="node" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateSync } from 'node:zlib';
import type { RasterSourceSpecification, StyleSpecification } from 'maplibre-gl';
import { zxyToTileId } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapStyle } from './base-style.ts';
import { pmtilesArchive, solidPng, tileId } from './pmtiles-archive.ts';

/**
 * MAP_STYLE_URL / MAP_SATELLITE_STYLE_URL pointing at a `.pmtiles` file (decision 038): a real PMTiles
 * v3 archive, served over HTTP with range requests, becomes a raster source that reads the archive's
 * tiles through the registered `pmtiles://` protocol, with the header's zoom range and bounds.
 */
const world = solidPng([0, 90, 160]);
const north = solidPng([30, 110, 40]);
const archive = pmtilesArchive(
  { tileType: 2, minZoom: 0, maxZoom: 1, bounds: [4.5, 54.25, 31.5, 71.75], center: [10.75, 59.91, 1] },
  [
    { z: 0, x: 0, y: 0, data: world },
    { z: 1, x: 1, y: 0, data: north },
  ],
  { name: 'test imagery' },
);

let server: Server;
let base = '';
const ranges: (string | undefined)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    ranges.push(req.headers.range);
    if (req.url !== '/imagery.pmtiles') {
      res.writeHead(404).end();
      return;
    }
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    if (!m) {
      res.writeHead(200, { 'content-length': archive.length }).end(archive);
      return;
    }
    const from = Number(m[1]);
    const to = Math.min(Number(m[2]), archive.length - 1);
    res
      .writeHead(206, {
        'content-range': `bytes ${from}-${to}/${archive.length}`,
        'content-length': to - from + 1,
      })
      .end(archive.subarray(from, to + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type TileFn = (
  params: { url: string; type?: string },
  abort: AbortController,
) => Promise<{ data: Uint8Array | null }>;

/** MapLibre as far as the style needs it: the protocols it is given. */
function fakeMapLibre() {
  const protocols = new Map<string, TileFn>();
  const maplibre = {
    addProtocol: (name: string, load: unknown) => {
      protocols.set(name, load as TileFn);
    },
  } as unknown as Parameters<typeof mapStyle>[0];
  return { maplibre, protocols };
}

describe('the test archive', () => {
  it('numbers its tiles as the pmtiles library does (Hilbert order per zoom)', () => {
    for (let z = 0; z <= 4; z++) {
      for (let x = 0; x < 1 << z; x++) {
        for (let y = 0; y < 1 << z; y++) expect(tileId(z, x, y)).toBe(zxyToTileId(z, x, y));
      }
    }
  });

  it('holds real PNG tiles', () => {
    expect([...world.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(world.buffer, world.byteOffset);
    const idatLength = view.getUint32(33);
    const pixels = inflateSync(world.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(256 * (1 + 256 * 3));
    expect([...pixels.subarray(1, 4)]).toEqual([0, 90, 160]);
  });
});

describe('a .pmtiles style URL', () => {
  it('becomes a raster source with the header’s zoom range and bounds, reading the tiles by range', async () => {
    const { maplibre, protocols } = fakeMapLibre();
    const url = `${base}/imagery.pmtiles`;
    const style = (await mapStyle(maplibre, url, 'Satellite')) as StyleSpecification;

    const source = style.sources.tiles as RasterSourceSpecification;
    expect(source.type).toBe('raster');
    expect(source.tiles).toEqual([`pmtiles://${url}/{z}/{x}/{y}`]);
    expect(source.minzoom).toBe(0);
    expect(source.maxzoom).toBe(1);
    expect(source.bounds).toEqual([4.5, 54.25, 31.5, 71.75]);
    expect(style.layers.map((l) => [l.id, l.type])).toEqual([
      ['sea', 'background'],
      ['tiles', 'raster'],
    ]);

    // MapLibre asks the registered protocol for each tile of the template: the archive's bytes come back.
    const load = protocols.get('pmtiles');
    expect(load).toBeDefined();
    const tile = (z: number, x: number, y: number) =>
      (load as TileFn)(
        {
          url: String(source.tiles?.[0])
            .replace('{z}', String(z))
            .replace('{x}', String(x))
            .replace('{y}', String(y)),
          type: 'arrayBuffer',
        },
        new AbortController(),
      );
    expect((await tile(0, 0, 0)).data).toEqual(world);
    expect((await tile(1, 1, 0)).data).toEqual(north);
    // A tile the archive does not hold is none (MapLibre leaves that square empty).
    expect((await tile(1, 0, 1)).data).toBeNull();
    // Every read was a range request: the file is never fetched whole.
    expect(ranges.length).toBeGreaterThan(1);
    expect(ranges.every((r) => r?.startsWith('bytes='))).toBe(true);
  });

  it('leaves any other URL to MapLibre as a style', async () => {
    const { maplibre } = fakeMapLibre();
    const url = 'https://tiles.example.com/styles/satellite.json';
    expect(await mapStyle(maplibre, url, 'Satellite')).toBe(url);
  });
});
