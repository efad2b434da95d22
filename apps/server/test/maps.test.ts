import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RoutePlan } from '@fieldport/contract';
import polyline from '@mapbox/polyline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, jobs } from '../src/db/schema/index.ts';
import {
  createAddress,
  createAppointment,
  createCustomer,
  createJob,
  createUser,
  ensureReferenceData,
  JobStatus,
} from '../src/dev/factories/index.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

const OSLO = { latitude: 59.9139, longitude: 10.7522 };
const BERGEN = { latitude: 60.3913, longitude: 5.3221 };
const DRAMMEN = { latitude: 59.7439, longitude: 10.2045 };

/** A job of a new customer at a placed delivery address. */
async function jobAt(
  db: Parameters<typeof createJob>[0],
  at: { latitude: number; longitude: number },
  statusId = 10,
) {
  const customer = await createCustomer(db);
  const address = await createAddress(db, { customerId: customer.id, ...at });
  return createJob(db, {
    customerId: customer.id,
    deliveryAddressId: address.id,
    jobStatusId: statusId,
    machines: 1,
  });
}

describe.each(engines)('maps on %s', (engine) => {
  describe('without a routing server: straight legs from the main office', () => {
    let t: Awaited<ReturnType<typeof startTestApp>>;
    let admin: Api;
    beforeAll(async () => {
      t = await startTestApp(engine);
      await ensureReferenceData(t.db);
      await allLicences(t.app);
      admin = (await signedInUser(t, 1)).api;
    });
    afterAll(() => t.close());

    it('draws a technician’s day: origin at the main office, one leg per placed stop in time order', async () => {
      const tech = await createUser(t.db, { userTypeId: 2, isBookable: true });
      const drammen = await jobAt(t.db, DRAMMEN);
      const bergen = await jobAt(t.db, BERGEN);
      const day = '2031-03-04';
      await createAppointment(t.db, {
        jobId: bergen.id,
        startTime: `${day} 13:00:00`,
        endTime: `${day} 15:00:00`,
        participants: [tech.id],
      });
      await createAppointment(t.db, {
        jobId: drammen.id,
        startTime: `${day} 08:00:00`,
        endTime: `${day} 09:00:00`,
        participants: [tech.id],
      });
      await createAppointment(t.db, {
        jobId: bergen.id,
        startTime: '2031-03-05 08:00:00',
        endTime: '2031-03-05 09:00:00',
        participants: [tech.id],
      });

      const res = await admin.get('maps/RoutePlan', { userId: String(tech.id), date: day });
      expect(res.statusCode, res.body).toBe(200);
      const plan = res.json() as RoutePlan;
      expect(plan.Origin).toEqual({ Longitude: OSLO.longitude, Latitude: OSLO.latitude });
      expect(plan.OriginIsHome).toBe(false);
      expect(plan.Routes.map((r) => [r.JobId, r.StartTime, r.Estimated])).toEqual([
        [drammen.id, `${day}T08:00:00`, true],
        [bergen.id, `${day}T13:00:00`, true],
      ]);
      const [first, second] = plan.Routes;
      expect(polyline.decode(first!.Polyline)).toEqual([
        [OSLO.latitude, OSLO.longitude],
        [DRAMMEN.latitude, DRAMMEN.longitude],
      ]);
      expect(polyline.decode(second!.Polyline)[0]).toEqual([DRAMMEN.latitude, DRAMMEN.longitude]);
      // Oslo–Drammen is some 36 km as the crow flies: with the detour factor 40–55 km, about 40–55 minutes.
      expect(first!.DistanceMeters).toBeGreaterThan(40_000);
      expect(first!.DistanceMeters).toBeLessThan(55_000);
      expect(first!.DurationSeconds).toBe(Math.round(first!.DistanceMeters / (60_000 / 3600)));
    });

    it('starts the day at the technician’s home when set, and follows an asked order (the optimised day)', async () => {
      const tech = await createUser(t.db, {
        userTypeId: 2,
        isBookable: true,
        homeLatitude: DRAMMEN.latitude,
        homeLongitude: DRAMMEN.longitude,
      });
      const oslo = await jobAt(t.db, OSLO);
      const bergen = await jobAt(t.db, BERGEN);
      const day = '2031-03-06';
      const first = await createAppointment(t.db, {
        jobId: oslo.id,
        startTime: `${day} 08:00:00`,
        endTime: `${day} 09:00:00`,
        participants: [tech.id],
      });
      const second = await createAppointment(t.db, {
        jobId: bergen.id,
        startTime: `${day} 13:00:00`,
        endTime: `${day} 14:00:00`,
        participants: [tech.id],
      });

      const now = (
        await admin.get('maps/RoutePlan', { userId: String(tech.id), date: day })
      ).json() as RoutePlan;
      expect(now.Origin).toEqual({ Longitude: DRAMMEN.longitude, Latitude: DRAMMEN.latitude });
      expect(now.OriginIsHome).toBe(true);
      expect(now.Routes.map((r) => r.AppointmentId)).toEqual([first.id, second.id]);
      expect(polyline.decode(now.Routes[0]!.Polyline)[0]).toEqual([DRAMMEN.latitude, DRAMMEN.longitude]);

      const res = await admin.get('maps/RoutePlan', {
        userId: String(tech.id),
        date: day,
        order: `${second.id},${first.id}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const reordered = res.json() as RoutePlan;
      expect(reordered.Routes.map((r) => r.AppointmentId)).toEqual([second.id, first.id]);
      // Drammen → Bergen first, then Bergen → Oslo: each leg from the stop before it.
      expect(polyline.decode(reordered.Routes[0]!.Polyline)).toEqual([
        [DRAMMEN.latitude, DRAMMEN.longitude],
        [BERGEN.latitude, BERGEN.longitude],
      ]);
      expect(polyline.decode(reordered.Routes[1]!.Polyline)[0]).toEqual([BERGEN.latitude, BERGEN.longitude]);
      expect(reordered.Routes[0]!.DistanceMeters).toBeGreaterThan(now.Routes[0]!.DistanceMeters);

      const bad = await admin.get('maps/RoutePlan', { userId: String(tech.id), date: day, order: 'x' });
      expect(bad.statusCode).toBe(400);
    });

    it('finds the jobs within the radius by status, one marker per place', async () => {
      const a = await jobAt(t.db, { latitude: 59.95, longitude: 10.8 });
      const b = await jobAt(t.db, { latitude: 59.95, longitude: 10.8 }, 20);
      const done = await jobAt(t.db, { latitude: 59.95, longitude: 10.8 }, JobStatus.Completed);
      const far = await jobAt(t.db, BERGEN);
      const res = await admin.post('maps/NearbyJobs', {
        Origin: { Longitude: 10.79, Latitude: 59.94 },
        Radius: 5_000,
        JobListFilter: { JobStatusIdList: [10, 20] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const places = res.json() as {
        Location: { Latitude: number };
        Jobs: { Id: number; StatusColor: string }[];
      }[];
      const here = places.find((p) => p.Location.Latitude === 59.95)!;
      const ids = here.Jobs.map((j) => j.Id);
      expect(ids).toEqual(expect.arrayContaining([a.id, b.id]));
      expect(ids).not.toContain(done.id);
      expect(places.flatMap((p) => p.Jobs.map((j) => j.Id))).not.toContain(far.id);
      expect(here.Jobs.every((j) => j.StatusColor.startsWith('#'))).toBe(true);
    });

    it('without a status filter finds every status in the circle, each job once, not the box’s corners', async () => {
      const at = { latitude: 58.15, longitude: 8.0 };
      const open = await jobAt(t.db, at);
      const closed = await jobAt(t.db, at, JobStatus.Completed);
      const next = await jobAt(t.db, { latitude: 58.16, longitude: 8.01 });
      // Inside the box around the circle, outside the circle (6 km from its centre).
      const corner = await jobAt(t.db, { latitude: 58.19, longitude: 8.08 });
      const res = await admin.post('maps/NearbyJobs', {
        Origin: { Longitude: 8.0, Latitude: 58.15 },
        Radius: 5_000,
      });
      expect(res.statusCode, res.body).toBe(200);
      const places = res.json() as { Location: { Latitude: number }; Jobs: { Id: number }[] }[];
      const ids = places.flatMap((p) => p.Jobs.map((j) => j.Id));
      expect(ids).toEqual(expect.arrayContaining([open.id, closed.id, next.id]));
      expect(ids).not.toContain(corner.id);
      expect(new Set(ids).size).toBe(ids.length);
      const here = places.find((p) => p.Location.Latitude === 58.15)!;
      expect(here.Jobs.map((j) => j.Id).toSorted((x, y) => x - y)).toEqual(
        [open.id, closed.id].toSorted((x, y) => x - y),
      );
    });
    it('answers a circle of more jobs than ClusterAbove as counts per cell', async () => {
      // Around Tromsø, where no other test places a job: two places 2 km apart, three and two jobs.
      const north = { latitude: 69.65, longitude: 18.95 };
      const south = { latitude: 69.632, longitude: 18.95 };
      const customer = await createCustomer(t.db);
      const here = await createAddress(t.db, { customerId: customer.id, ...north });
      const ownJobs = [];
      for (const statusId of [20, 10, 30])
        ownJobs.push(
          await createJob(t.db, {
            customerId: customer.id,
            deliveryAddressId: here.id,
            jobStatusId: statusId,
          }),
        );
      await jobAt(t.db, south);
      await jobAt(t.db, south, 20);
      const ask = (api: Api, clusterAbove?: number) =>
        api.post('maps/NearbyJobs', {
          Origin: { Longitude: 18.95, Latitude: 69.64 },
          Radius: 10_000,
          JobListFilter: { JobStatusIdList: [10, 20, 30] },
          ...(clusterAbove ? { ClusterAbove: clusterAbove } : {}),
        });
      type Place = {
        Location: { Latitude: number };
        Jobs: { Id: number }[];
        Count: number;
        JobStatusId: number;
      };

      const listed = (await ask(admin, 5)).json() as Place[];
      const north3 = listed.find((p) => p.Location.Latitude === north.latitude)!;
      expect(north3.Jobs.map((j) => j.Id).sort()).toEqual(ownJobs.map((j) => j.id).sort());
      expect(listed.map((p) => [p.Location.Latitude, p.Count, p.Jobs.length, p.JobStatusId]).sort()).toEqual(
        [
          [69.632, 2, 2, 10],
          [69.65, 3, 3, 10],
        ].sort(),
      );

      const res = await ask(admin, 4);
      expect(res.statusCode, res.body).toBe(200);
      const cells = res.json() as (Place & { StatusColor: string })[];
      expect(cells.every((c) => c.Jobs.length === 0 && c.StatusColor.startsWith('#'))).toBe(true);
      expect(cells.map((c) => c.Count).sort()).toEqual([2, 3]);
      const top = cells.find((c) => c.Count === 3)!;
      expect(top.Location.Latitude).toBeCloseTo(north.latitude, 6);
      expect(top.JobStatusId).toBe(10);
    });

    it('moves a job on the map with its address, and with a new delivery address', async () => {
      const from = { latitude: 68.44, longitude: 17.43 };
      const to = { latitude: 68.8, longitude: 16.54 };
      const customer = await createCustomer(t.db);
      const address = await createAddress(t.db, { customerId: customer.id, ...from });
      const other = await createAddress(t.db, { customerId: customer.id, latitude: null, longitude: null });
      const job = await createJob(t.db, { customerId: customer.id, deliveryAddressId: address.id });
      const idsAt = async (at: { latitude: number; longitude: number }) =>
        (
          (
            await admin.post('maps/NearbyJobs', {
              Origin: { Longitude: at.longitude, Latitude: at.latitude },
              Radius: 2_000,
            })
          ).json() as { Jobs: { Id: number }[] }[]
        ).flatMap((p) => p.Jobs.map((j) => j.Id));
      expect(await idsAt(from)).toContain(job.id);

      await t.db
        .update(addresses)
        .set({ latitude: to.latitude, longitude: to.longitude })
        .where(eq(addresses.id, address.id));
      expect(await idsAt(from)).not.toContain(job.id);
      expect(await idsAt(to)).toContain(job.id);

      // Given an address without a point, the job leaves the map; given its own back, it returns.
      await t.db.update(jobs).set({ deliveryAddressId: other.id }).where(eq(jobs.id, job.id));
      expect(await idsAt(to)).not.toContain(job.id);
      await t.db.update(jobs).set({ deliveryAddressId: address.id }).where(eq(jobs.id, job.id));
      expect(await idsAt(to)).toContain(job.id);
    });

    it('needs the Maps licence for the planner’s map', async () => {
      await t.app.services.settings.write('licences', { Maps: false });
      const res = await admin.post('maps/NearbyJobs', {
        Origin: { Longitude: 10.79, Latitude: 59.94 },
        Radius: 5_000,
      });
      await allLicences(t.app);
      expect(res.statusCode).toBe(403);
    });

    it('tells where a job is, to those who may see it', async () => {
      const job = await jobAt(t.db, BERGEN);
      const res = await admin.get('maps/JobLocation', { jobId: String(job.id) });
      expect(res.json()).toMatchObject({
        JobId: job.id,
        Location: { Longitude: BERGEN.longitude, Latitude: BERGEN.latitude },
      });
      const stranger = (await signedInUser(t, 4)).api;
      expect((await stranger.get('maps/JobLocation', { jobId: String(job.id) })).statusCode).toBe(404);
    });

    it('looks addresses up in the built-in towns: by text, by point, and says when it finds none', async () => {
      expect(
        (await admin.get('maps/CoordinateFromAddress', { address: 'Strandkaien 2, 5003 Bergen' })).json(),
      ).toEqual({
        Longitude: BERGEN.longitude,
        Latitude: BERGEN.latitude,
      });
      const none = await admin.get('maps/CoordinateFromAddress', { address: 'Atlantis' });
      expect([none.statusCode, none.json().Message]).toEqual([404, 'No place was found for Atlantis.']);
      expect((await admin.get('maps/AddressFromLngLat', { lng: '5.33', lat: '60.39' })).json()).toMatchObject(
        {
          City: 'Bergen',
          // An ISO code, as addresses keep it (decision 034).
          Country: 'NO',
        },
      );
      expect((await admin.get('maps/AddressFromLngLat', { lng: '-30', lat: '60' })).statusCode).toBe(404);
      const found = (await admin.get('maps/SearchAddresses', { query: 'Trondheim' })).json();
      expect(found[0]).toMatchObject({ City: 'Trondheim', DisplayName: 'Trondheim, Trøndelag, Norway' });
    });
  });

  describe('with OSRM_URL: road routes, and straight legs when the server fails', () => {
    let t: Awaited<ReturnType<typeof startTestApp>>;
    let admin: Api;
    let service: Server;
    let failing = false;
    const road = polyline.encode([
      [59.9139, 10.7522],
      [59.85, 10.5],
      [59.7439, 10.2045],
    ]);

    beforeAll(async () => {
      // A stand-in for an OSRM server on a real socket: this machine cannot run one.
      service = createServer((req, res) => {
        if (failing || !req.url?.startsWith('/route/v1/driving/')) {
          res.writeHead(500).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ code: 'Ok', routes: [{ geometry: road, distance: 41_234.5, duration: 2_345.6 }] }),
        );
      });
      await new Promise<void>((done) => service.listen(0, '127.0.0.1', done));
      t = await startTestApp(engine, {
        osrmUrl: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      });
      await ensureReferenceData(t.db);
      await allLicences(t.app);
      admin = (await signedInUser(t, 1)).api;
    });
    afterAll(async () => {
      await t.close();
      await new Promise((done) => service.close(done));
    });

    it('takes the road geometry, length and time from the server, and falls back when it fails', async () => {
      const tech = await createUser(t.db, { userTypeId: 2, isBookable: true });
      const job = await jobAt(t.db, DRAMMEN);
      const day = '2031-04-01';
      await createAppointment(t.db, {
        jobId: job.id,
        startTime: `${day} 08:00:00`,
        endTime: `${day} 09:00:00`,
        participants: [tech.id],
      });
      const plan = (
        await admin.get('maps/RoutePlan', { userId: String(tech.id), date: day })
      ).json() as RoutePlan;
      expect(plan.Routes[0]).toMatchObject({
        Polyline: road,
        DistanceMeters: 41_235,
        DurationSeconds: 2_346,
        Estimated: false,
      });

      failing = true;
      const fallback = (
        await admin.get('maps/RoutePlan', { userId: String(tech.id), date: day })
      ).json() as RoutePlan;
      failing = false;
      expect(fallback.Routes[0]!.Estimated).toBe(true);
      expect(polyline.decode(fallback.Routes[0]!.Polyline)).toHaveLength(2);
    });
  });
});
