import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const BERGEN = { Latitude: 60.3913, Longitude: 5.3221 };
const OSLO = { Latitude: 59.9139, Longitude: 10.7522 };

const coordinates = (a: { Latitude: number | null; Longitude: number | null }) => ({
  Latitude: a.Latitude,
  Longitude: a.Longitude,
});

describe.each(engines)('addresses are geocoded on %s', (engine) => {
  describe('without GEOCODER_URL: at the centre of their town', () => {
    let t: Awaited<ReturnType<typeof startTestApp>>;
    let admin: Api;
    beforeAll(async () => {
      t = await startTestApp(engine);
      await allLicences(t.app);
      admin = (await signedInUser(t, 1)).api;
    });
    afterAll(() => t.close());

    it('places a new customer’s delivery address by its postcode', async () => {
      const res = await admin.post('customer/', {
        Name: 'Bryggen Kjøleservice AS',
        DefaultDeliveryAddress: { Street: 'Bryggen 5', Zip: '5003', City: 'Bergen', Country: 'Norway' },
      });
      expect(res.statusCode).toBe(200);
      const [address] = (await admin.get(`customer/${res.json().Id}/address`)).json();
      expect(coordinates(address)).toEqual(BERGEN);
    });

    it('places an added address by its town when the postcode is unknown, and leaves an unknown town unplaced', async () => {
      const customer = await createCustomer(t.db);
      const known = await admin.post(`customer/${customer.id}/address`, {
        Name: 'Depot',
        Street: 'Karl Johans gate 1',
        Zip: '0999',
        City: 'oslo',
        Country: 'NO',
      });
      expect(coordinates(known.json())).toEqual(OSLO);
      const unknown = await admin.post(`customer/${customer.id}/address`, {
        Name: 'Cabin',
        Street: 'Fjellveien 2',
        Zip: '9999',
        City: 'Nowhere',
        Country: 'Norway',
      });
      expect(unknown.statusCode).toBe(200);
      expect(coordinates(unknown.json())).toEqual({ Latitude: null, Longitude: null });
    });

    it('moves the spot when the address moves, keeps it when only the name changes, and keeps coordinates sent by the caller', async () => {
      const customer = await createCustomer(t.db);
      const base = { Name: 'Workshop', Street: 'Storgata 1', Zip: '0150', City: 'Oslo', Country: 'Norway' };
      const made = (await admin.post(`customer/${customer.id}/address`, base)).json();
      expect(coordinates(made)).toEqual(OSLO);

      const renamed = await admin.post(`customer/${customer.id}/address`, {
        ...base,
        Id: made.Id,
        Name: 'Main workshop',
      });
      expect(coordinates(renamed.json())).toEqual(OSLO);

      const moved = await admin.post(`customer/${customer.id}/address`, {
        ...base,
        Id: made.Id,
        Street: 'Strandkaien 2',
        Zip: '5003',
        City: 'Bergen',
      });
      expect(coordinates(moved.json())).toEqual(BERGEN);

      const pinned = await admin.post(`customer/${customer.id}/address`, {
        ...base,
        Id: made.Id,
        Latitude: 60.1,
        Longitude: 11.2,
      });
      expect(coordinates(pinned.json())).toEqual({ Latitude: 60.1, Longitude: 11.2 });
    });
  });

  describe('with GEOCODER_URL: asks the service, and falls back to the town when it fails', () => {
    let t: Awaited<ReturnType<typeof startTestApp>>;
    let admin: Api;
    let service: Server;
    const asked: URLSearchParams[] = [];
    let failing = false;

    beforeAll(async () => {
      // A stand-in for Nominatim on a real socket: this machine cannot reach a real one.
      service = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        asked.push(url.searchParams);
        if (failing || url.pathname !== '/search') {
          res.writeHead(500).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify([{ lat: '59.91111', lon: '10.73333', display_name: 'Storgata 1, Oslo' }]));
      });
      await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
      const { port } = service.address() as AddressInfo;
      t = await startTestApp(engine, { geocoderUrl: `http://127.0.0.1:${port}/` });
      await allLicences(t.app);
      admin = (await signedInUser(t, 1)).api;
    });
    afterAll(async () => {
      await t.close();
      await new Promise((done) => service.close(done));
    });

    it('stores the service’s answer for the structured address', async () => {
      const customer = await createCustomer(t.db);
      const res = await admin.post(`customer/${customer.id}/address`, {
        Name: 'Office',
        Street: 'Storgata 1',
        Zip: '0150',
        City: 'Oslo',
        Country: 'Norway',
      });
      expect(coordinates(res.json())).toEqual({ Latitude: 59.91111, Longitude: 10.73333 });
      const q = asked.at(-1)!;
      expect([q.get('street'), q.get('postalcode'), q.get('city'), q.get('country')]).toEqual([
        'Storgata 1',
        '0150',
        'Oslo',
        'Norway',
      ]);
    });

    it('still saves the address, at its town centre, when the service fails', async () => {
      failing = true;
      const customer = await createCustomer(t.db);
      const res = await admin.post(`customer/${customer.id}/address`, {
        Name: 'Office',
        Street: 'Strandkaien 2',
        Zip: '5003',
        City: 'Bergen',
        Country: 'Norway',
      });
      failing = false;
      expect(res.statusCode).toBe(200);
      expect(coordinates(res.json())).toEqual(BERGEN);
    });
  });
});
