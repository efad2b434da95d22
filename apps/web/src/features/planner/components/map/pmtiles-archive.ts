/**
 * A tiny PMTiles v3 archive written by hand for the tests (decision 038), after the spec
 * (github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md): the 127-byte header, an uncompressed root
 * directory, a JSON metadata block and the tiles, no leaf directories. Also a solid-colour PNG to put in
 * it. Written independently of the `pmtiles` library, which the map reads it with.
 */

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

export interface ArchiveHeader {
  /** 2 PNG, 3 JPEG, 4 WebP (1 would be vector tiles). */
  tileType: number;
  minZoom: number;
  maxZoom: number;
  /** [west, south, east, north] in degrees. */
  bounds: [number, number, number, number];
  center: [number, number, number];
}

const HEADER_BYTES = 127;

/** The tile id of z/x/y: the tiles of lower zooms first, then the position on the Hilbert curve. */
export function tileId(z: number, x: number, y: number): number {
  let id = ((1 << z) * (1 << z) - 1) / 3;
  let [tx, ty] = [x, y];
  for (let s = 1 << (z - 1); s > 0; s >>= 1) {
    const rx = tx & s ? 1 : 0;
    const ry = ty & s ? 1 : 0;
    id += s * s * ((3 * rx) ^ ry);
    if (ry === 0) {
      if (rx === 1) [tx, ty] = [s - 1 - tx, s - 1 - ty];
      [tx, ty] = [ty, tx];
    }
  }
  return id;
}

function varints(values: number[]): number[] {
  const out: number[] = [];
  for (let v of values) {
    while (v >= 0x80) {
      out.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    out.push(v);
  }
  return out;
}

/** The archive's bytes: header, root directory, metadata, tile data, in that order. */
export function pmtilesArchive(header: ArchiveHeader, tiles: ArchiveTile[], metadata: object = {}) {
  const entries = tiles.map((t) => ({ id: tileId(t.z, t.x, t.y), data: t.data })).sort((a, b) => a.id - b.id);
  let offset = 0;
  let previous = 0;
  const placed = entries.map((e) => {
    const placedEntry = { ...e, delta: e.id - previous, offset };
    previous = e.id;
    offset += e.data.length;
    return placedEntry;
  });
  // Entries: count, tile id deltas, run lengths, lengths, offsets (+1; the tiles are written one after
  // another, and 0 would mean 'right after the previous entry', which the reader accepts too).
  const directory = Uint8Array.from(
    varints([
      placed.length,
      ...placed.map((e) => e.delta),
      ...placed.map(() => 1),
      ...placed.map((e) => e.data.length),
      ...placed.map((e, i) => (i > 0 ? 0 : e.offset + 1)),
    ]),
  );
  const json = new TextEncoder().encode(JSON.stringify(metadata));
  const dirAt = HEADER_BYTES;
  const metaAt = dirAt + directory.length;
  const dataAt = metaAt + json.length;
  const bytes = new Uint8Array(dataAt + offset);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('PMTiles'), 0);
  view.setUint8(7, 3);
  const u64 = (at: number, v: number) => {
    view.setUint32(at, v % 2 ** 32, true);
    view.setUint32(at + 4, Math.floor(v / 2 ** 32), true);
  };
  u64(8, dirAt);
  u64(16, directory.length);
  u64(24, metaAt);
  u64(32, json.length);
  u64(40, dataAt); // no leaf directories
  u64(48, 0);
  u64(56, dataAt);
  u64(64, offset);
  u64(72, placed.length); // addressed tiles
  u64(80, placed.length); // tile entries
  u64(88, placed.length); // tile contents
  view.setUint8(96, 1); // clustered
  view.setUint8(97, 1); // internal compression: none
  view.setUint8(98, 1); // tile compression: none
  view.setUint8(99, header.tileType);
  view.setUint8(100, header.minZoom);
  view.setUint8(101, header.maxZoom);
  header.bounds.forEach((d, i) => {
    view.setInt32(102 + 4 * i, Math.round(d * 1e7), true);
  });
  view.setUint8(118, header.center[2]);
  view.setInt32(119, Math.round(header.center[0] * 1e7), true);
  view.setInt32(123, Math.round(header.center[1] * 1e7), true);
  bytes.set(directory, dirAt);
  bytes.set(json, metaAt);
  for (const e of placed) bytes.set(e.data, dataAt + e.offset);
  return bytes;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** zlib with stored (uncompressed) deflate blocks: valid, and needs no compressor. */
function zlibStored(raw: Uint8Array): Uint8Array {
  const blocks = Math.max(1, Math.ceil(raw.length / 0xffff));
  const out = new Uint8Array(2 + raw.length + blocks * 5 + 4);
  const view = new DataView(out.buffer);
  out.set([0x78, 0x01], 0);
  let at = 2;
  for (let i = 0; i < blocks; i++) {
    const chunk = raw.subarray(i * 0xffff, (i + 1) * 0xffff);
    out[at] = i === blocks - 1 ? 1 : 0;
    view.setUint16(at + 1, chunk.length, true);
    view.setUint16(at + 3, ~chunk.length & 0xffff, true);
    out.set(chunk, at + 5);
    at += 5 + chunk.length;
  }
  let a = 1;
  let b = 0;
  for (const v of raw) {
    a = (a + v) % 65521;
    b = (b + a) % 65521;
  }
  view.setUint32(at, ((b << 16) | a) >>> 0);
  return out;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A square PNG of one colour (8-bit RGB), `size` pixels a side. */
export function solidPng(rgb: [number, number, number], size = 256): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = new Uint8Array(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) raw.set(rgb, y * (1 + size * 3) + 1 + x * 3);
  }
  const parts = [
    Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibStored(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}
