import { type Geocoder, movedAddress } from '../../infra/geocoder.ts';

interface SentAddress {
  Street: string;
  Zip: string;
  City: string;
  Country: string;
  Latitude?: number | null | undefined;
  Longitude?: number | null | undefined;
}

type Stored = { street: string; zip: string; city: string; country: string };

/**
 * The coordinates to store with an address: the ones sent; else the geocoder's for a new or moved
 * address (null when it cannot place it, so a moved address never keeps the old spot); else none, which
 * leaves the stored ones as they are.
 */
export async function coordinatesFor(
  geocoder: Geocoder,
  sent: SentAddress,
  before?: Stored,
): Promise<{ latitude: number | null; longitude: number | null } | undefined> {
  if (sent.Latitude !== undefined || sent.Longitude !== undefined)
    return { latitude: sent.Latitude ?? null, longitude: sent.Longitude ?? null };
  const address = { street: sent.Street, zip: sent.Zip, city: sent.City, country: sent.Country };
  if (before && !movedAddress(before, address)) return undefined;
  const hit = await geocoder.geocode(address);
  return { latitude: hit?.latitude ?? null, longitude: hit?.longitude ?? null };
}
