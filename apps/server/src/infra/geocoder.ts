import { CITIES, COUNTRY_NAMES } from '../reference/nordic-towns.ts';

export interface PostalAddress {
  street: string;
  zip: string;
  city: string;
  country: string;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** A place a search or a reverse look-up found. */
export interface Place extends PostalAddress, Coordinates {
  displayName: string;
  county: string;
}

/**
 * Finds places (spec README, Maps: a provider behind one interface): the coordinates of an address, the
 * places a free text names, the address at a point. Answers null or an empty list when it cannot; it
 * never throws, so saving an address never fails on geocoding.
 */
export interface Geocoder {
  geocode(address: PostalAddress): Promise<Coordinates | null>;
  search(text: string, limit: number): Promise<Place[]>;
  reverse(point: Coordinates): Promise<Place | null>;
}

const norm = (s: string) => s.trim().toLocaleLowerCase('nb').replaceAll(/\s+/g, ' ');

/** Country names and codes as people type them, to the code the gazetteer uses. */
const COUNTRY_CODES = new Map(
  Object.entries(COUNTRY_NAMES).flatMap(([code, name]) => [
    [norm(code), code],
    [norm(name), code],
  ]),
);

/**
 * The built-in geocoder when no GEOCODER_URL is set: places an address at the centre of its town, found
 * by postcode, else by town name, among the Nordic towns the demo company uses. Approximate on purpose:
 * enough to put a job on the planner's map without a network.
 */
const townPlace = (c: (typeof CITIES)[number]): Place => ({
  displayName: `${c.city}, ${c.county}, ${COUNTRY_NAMES[c.country]}`,
  street: '',
  zip: c.zips[0] ?? '',
  city: c.city,
  county: c.county,
  // An ISO 3166 code, as addresses keep it: the web names it in the reader's language (decision 034).
  country: c.country,
  latitude: c.lat,
  longitude: c.lon,
});

/** Great-circle distance in metres. */
export function metresBetween(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** A point further than this from every known town is not named by the built-in geocoder. */
const NEAREST_TOWN_METRES = 50_000;

export const gazetteerGeocoder: Geocoder = {
  async geocode(a) {
    const country = a.country.trim() === '' ? undefined : COUNTRY_CODES.get(norm(a.country));
    if (a.country.trim() !== '' && !country) return null;
    const candidates = CITIES.filter((c) => !country || c.country === country);
    const zip = norm(a.zip).replaceAll(' ', '');
    const city =
      (zip && candidates.find((c) => c.zips.some((z) => z.replaceAll(' ', '') === zip))) ||
      (a.city.trim() && candidates.find((c) => norm(c.city) === norm(a.city)));
    return city ? { latitude: city.lat, longitude: city.lon } : null;
  },
  async search(text, limit) {
    const words = norm(text);
    const compact = words.replaceAll(' ', '');
    const hits = CITIES.filter(
      (c) => words.includes(norm(c.city)) || c.zips.some((z) => compact.includes(z.replaceAll(' ', ''))),
    );
    return hits.slice(0, limit).map(townPlace);
  },
  async reverse(point) {
    let best: { town: (typeof CITIES)[number]; metres: number } | null = null;
    for (const town of CITIES) {
      const metres = metresBetween(point, { latitude: town.lat, longitude: town.lon });
      if (!best || metres < best.metres) best = { town, metres };
    }
    return best && best.metres <= NEAREST_TOWN_METRES ? townPlace(best.town) : null;
  },
};

interface NominatimHit {
  lat?: string;
  lon?: string;
  display_name?: string;
  address?: Record<string, string | undefined>;
}

const placeOf = (hit: NominatimHit): Place | null => {
  const latitude = Number(hit.lat);
  const longitude = Number(hit.lon);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const a = hit.address ?? {};
  return {
    displayName: hit.display_name ?? '',
    street: [a.road, a.house_number].filter(Boolean).join(' '),
    zip: a.postcode ?? '',
    city: a.city ?? a.town ?? a.village ?? a.municipality ?? '',
    county: a.county ?? a.state ?? '',
    country: a.country ?? '',
    latitude,
    longitude,
  };
};

/** A Nominatim-compatible service (GEOCODER_URL): /search with a structured or free query, /reverse. */
export function nominatimGeocoder(
  baseUrl: string,
  opts: { timeoutMs?: number; log?: ((msg: string) => void) | undefined } = {},
): Geocoder {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  const ask = async (path: string, params: Record<string, string>): Promise<unknown> => {
    const url = new URL(path, base);
    url.search = new URLSearchParams({ format: 'jsonv2', ...params }).toString();
    try {
      const res = await fetch(url, {
        headers: { accept: 'application/json', 'user-agent': 'Fieldport' },
        signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
      });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      return await res.json();
    } catch (err) {
      opts.log?.(`Geocoder at ${base} failed: ${(err as Error).message}`);
      return null;
    }
  };
  return {
    async geocode(a) {
      const hits = await ask('search', {
        limit: '1',
        street: a.street,
        postalcode: a.zip,
        city: a.city,
        country: a.country,
      });
      const place = Array.isArray(hits) && hits[0] ? placeOf(hits[0] as NominatimHit) : null;
      return place ? { latitude: place.latitude, longitude: place.longitude } : null;
    },
    async search(text, limit) {
      const hits = await ask('search', { q: text, limit: String(limit), addressdetails: '1' });
      return Array.isArray(hits) ? hits.flatMap((h) => placeOf(h as NominatimHit) ?? []) : [];
    },
    async reverse(point) {
      const hit = await ask('reverse', {
        lat: String(point.latitude),
        lon: String(point.longitude),
        addressdetails: '1',
      });
      return hit && typeof hit === 'object' ? placeOf(hit as NominatimHit) : null;
    },
  };
}

/** Asks each geocoder in turn and takes the first answer. */
export function firstOf(...geocoders: Geocoder[]): Geocoder {
  const first = async <T>(ask: (g: Geocoder) => Promise<T>, found: (v: T) => boolean, none: T) => {
    for (const g of geocoders) {
      const hit = await ask(g);
      if (found(hit)) return hit;
    }
    return none;
  };
  return {
    geocode: (a) =>
      first(
        (g) => g.geocode(a),
        (v) => v !== null,
        null,
      ),
    search: (text, limit) =>
      first(
        (g) => g.search(text, limit),
        (v) => v.length > 0,
        [],
      ),
    reverse: (p) =>
      first(
        (g) => g.reverse(p),
        (v) => v !== null,
        null,
      ),
  };
}

/** The configured geocoder: the service when GEOCODER_URL is set, with the town centres behind it. */
export function createGeocoder(geocoderUrl: string | undefined, log?: (msg: string) => void): Geocoder {
  return geocoderUrl
    ? firstOf(nominatimGeocoder(geocoderUrl, { log }), gazetteerGeocoder)
    : gazetteerGeocoder;
}

/** Whether two addresses differ in what decides where they are. */
export function movedAddress(a: PostalAddress, b: PostalAddress): boolean {
  return (['street', 'zip', 'city', 'country'] as const).some((k) => norm(a[k]) !== norm(b[k]));
}
