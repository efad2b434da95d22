import { CITIES, COUNTRY_NAMES } from '../db/factories/nordic.ts';

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

/**
 * Finds the coordinates of an address (spec README, Maps: a provider behind one interface). Answers null
 * when it cannot place the address; it never throws, so saving an address never fails on geocoding.
 */
export interface Geocoder {
  geocode(address: PostalAddress): Promise<Coordinates | null>;
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
};

/** A Nominatim-compatible search service (GEOCODER_URL), asked with the structured query. */
export function nominatimGeocoder(
  baseUrl: string,
  opts: { timeoutMs?: number; log?: (msg: string) => void } = {},
): Geocoder {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  return {
    async geocode(a) {
      const url = new URL('search', base);
      url.search = new URLSearchParams({
        format: 'jsonv2',
        limit: '1',
        street: a.street,
        postalcode: a.zip,
        city: a.city,
        country: a.country,
      }).toString();
      try {
        const res = await fetch(url, {
          headers: { accept: 'application/json', 'user-agent': 'Fieldport' },
          signal: AbortSignal.timeout(opts.timeoutMs ?? 3000),
        });
        if (!res.ok) throw new Error(`answered ${res.status}`);
        const [hit] = (await res.json()) as { lat?: string; lon?: string }[];
        const latitude = Number(hit?.lat);
        const longitude = Number(hit?.lon);
        if (!hit || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
        return { latitude, longitude };
      } catch (err) {
        opts.log?.(`Geocoder at ${base} failed: ${(err as Error).message}`);
        return null;
      }
    },
  };
}

/** Asks each geocoder in turn and takes the first answer. */
export function firstOf(...geocoders: Geocoder[]): Geocoder {
  return {
    async geocode(a) {
      for (const g of geocoders) {
        const hit = await g.geocode(a);
        if (hit) return hit;
      }
      return null;
    },
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
