import {
  type Language,
  languageOf,
  localName,
  type MapAddress,
  NEARBY_CLUSTER_CELLS,
  NEARBY_CLUSTER_MIN_RADIUS,
  NEARBY_JOBS_MAX,
  type NearbyJobsInput,
  type RoutePlan,
  serverMessage,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Coordinates, Geocoder, Place } from '../../infra/geocoder.ts';
import type { Router } from '../../infra/router.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound, writtenRefusal } from '../common/errors.ts';
import { jobScope } from '../jobs/job-scope.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './maps.repository.ts';

const presentPlace = (p: Place): MapAddress => ({
  DisplayName: p.displayName,
  Street: p.street,
  Zip: p.zip,
  City: p.city,
  County: p.county,
  Country: p.country,
  Longitude: p.longitude,
  Latitude: p.latitude,
});
const point = (c: Coordinates) => ({ Longitude: c.longitude, Latitude: c.latitude });
const addressText = (a: { street: string | null; zip: string | null; city: string | null }) =>
  [a.street, [a.zip, a.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** 'lng,lat' (GlobalSettings.Maps.MainLocationCoordinates) as a point, or null when unset or unreadable. */
export function mainOffice(setting: string | null | undefined): Coordinates | null {
  const [lng, lat] = (setting ?? '').split(',').map((v) => Number(v.trim()));
  if (lng === undefined || lat === undefined || !Number.isFinite(lng) || !Number.isFinite(lat)) return null;
  if (Math.abs(lng) > 180 || Math.abs(lat) > 90) return null;
  return { longitude: lng, latitude: lat };
}

const METRES_PER_DEGREE = 111_320;

/** Address look-ups, job markers and a technician's day route (002 §7.15). */
export class MapService {
  private readonly deps: { db: Db; settings: SettingsService; geocoder: Geocoder; router: Router };
  constructor(deps: { db: Db; settings: SettingsService; geocoder: Geocoder; router: Router }) {
    this.deps = deps;
  }

  async addressAt(caller: Caller, lng: number, lat: number) {
    const place = await this.deps.geocoder.reverse({ longitude: lng, latitude: lat });
    if (!place) throw writtenRefusal(404, this.noPlace(caller, `${lng},${lat}`));
    return presentPlace(place);
  }

  async pointOf(caller: Caller, address: string) {
    const [place] = await this.deps.geocoder.search(address, 1);
    if (!place) throw writtenRefusal(404, this.noPlace(caller, address));
    return point(place);
  }

  async search(query: string, limit: number) {
    return (await this.deps.geocoder.search(query, limit)).map(presentPlace);
  }

  async jobLocation(caller: Caller, jobId: number) {
    const row = await repo.jobLocation(this.deps.db, jobId, caller.user);
    if (!row) throw recordNotFound(caller, 'object_job', jobId);
    const a = row.address;
    return {
      JobId: jobId,
      Location:
        a && a.latitude !== null && a.longitude !== null
          ? point({ latitude: a.latitude, longitude: a.longitude })
          : null,
      Address: a ? addressText(a) : '',
    };
  }

  /**
   * Jobs within the circle, grouped by place: one marker per address (000 §2). With ClusterAbove, a
   * circle of more jobs is answered as counts per cell of a grid over it (decision 082).
   */
  async nearby(caller: Caller, input: z.output<typeof NearbyJobsInput>) {
    const circle = {
      latitude: input.Origin.Latitude,
      longitude: input.Origin.Longitude,
      metres: input.Radius,
    };
    const dLat = input.Radius / METRES_PER_DEGREE;
    const dLon =
      input.Radius / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((circle.latitude * Math.PI) / 180)));
    const view: repo.MapView = {
      box: {
        south: circle.latitude - dLat,
        north: circle.latitude + dLat,
        west: circle.longitude - dLon,
        east: circle.longitude + dLon,
      },
      circle,
    };
    const f = input.JobListFilter;
    const filter = {
      statusIds: f.JobStatusIdList ?? [],
      departmentIds: f.OrderDepartmentIdList ?? [],
      typeIds: f.JobTypeIdList ?? [],
    };
    const scope = jobScope(caller.user);
    if (input.ClusterAbove && input.Radius > NEARBY_CLUSTER_MIN_RADIUS) {
      const cells = await repo.jobCells(this.deps.db, view, filter, scope, NEARBY_CLUSTER_CELLS);
      if (cells.reduce((n, c) => n + c.count, 0) > input.ClusterAbove)
        return cells.map((c) => ({
          Location: point(c),
          Jobs: [],
          Count: c.count,
          JobStatusId: c.statusId,
          StatusColor: c.statusColor ?? '',
        }));
    }
    const rows = await repo.jobsInView(
      this.deps.db,
      view,
      filter,
      scope,
      NEARBY_JOBS_MAX,
      (await this.deps.settings.global()).TimeZone,
    );
    const places = new Map<
      string,
      { Location: ReturnType<typeof point>; Jobs: ReturnType<typeof presentJob>[] }
    >();
    const lang = languageOf(caller.lang);
    for (const r of rows) {
      const at = { latitude: r.latitude!, longitude: r.longitude! };
      const key = `${at.latitude},${at.longitude}`;
      const place = places.get(key) ?? { Location: point(at), Jobs: [] };
      place.Jobs.push(presentJob(r, lang));
      places.set(key, place);
    }
    return [...places.values()].map((p) => {
      const lowest = p.Jobs.reduce((a, b) => (b.JobStatusId < a.JobStatusId ? b : a));
      return { ...p, Count: p.Jobs.length, JobStatusId: lowest.JobStatusId, StatusColor: lowest.StatusColor };
    });
  }

  /** The user's stops that day in time order, each leg from the previous stop (or the main office). */
  /**
   * A user's day route: from their start place (their home when set, else the main office, else the
   * first stop) to each appointment's job place, in time order, or first in `order` (appointment ids:
   * the optimised day's sequence, issue 30) and the rest after in time order.
   */
  async routePlan(userId: number, date: string, order: readonly number[] = []): Promise<RoutePlan> {
    const next = new Date(`${date}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const stops = await repo.stopsOf(
      this.deps.db,
      userId,
      `${date} 00:00:00`,
      `${next.toISOString().slice(0, 10)} 00:00:00`,
    );
    const home = await repo.homeOf(this.deps.db, userId);
    const global = await this.deps.settings.global();
    const office = mainOffice(global.Maps?.MainLocationCoordinates);
    const rank = new Map(order.map((id, i) => [id, i]));
    const places = stops
      .map((s, i) => ({ ...s, at: { latitude: s.latitude!, longitude: s.longitude! }, i }))
      .sort(
        (a, b) =>
          (rank.get(a.appointmentId) ?? order.length + a.i) -
          (rank.get(b.appointmentId) ?? order.length + b.i),
      );
    const origin = home ?? office ?? places[0]?.at ?? null;
    const routes: RoutePlan['Routes'] = [];
    let from = origin;
    for (const stop of places) {
      const leg = await this.deps.router.route(from!, stop.at);
      routes.push({
        Polyline: leg.polyline,
        EndLocation: point(stop.at),
        DistanceMeters: leg.distanceMeters,
        DurationSeconds: leg.durationSeconds,
        Estimated: leg.estimated,
        AppointmentId: stop.appointmentId,
        JobId: stop.jobId!,
        Subject: stop.subject,
        StartTime: stop.startTime.replace(' ', 'T').slice(0, 19),
      });
      from = stop.at;
    }
    return { Origin: origin ? point(origin) : null, OriginIsHome: home !== null, Routes: routes };
  }

  /** The driving time between two places, by the same router as the day route. */
  async driveSeconds(from: Coordinates, to: Coordinates): Promise<number> {
    return (await this.deps.router.route(from, to)).durationSeconds;
  }

  private noPlace(caller: Caller, what: string) {
    return serverMessage('no_place', caller.lang, { what });
  }
}

const presentJob = (r: repo.MapJobRow, lang: Language) => ({
  Id: r.id,
  DisplayName: r.displayName,
  JobStatusId: r.statusId,
  StatusName: r.statusName === null ? '' : localName({ name: r.statusName, names: r.statusNames }, lang),
  StatusColor: r.statusColor ?? '',
  CustomerName: r.customerName ?? '',
  Address: addressText(r),
  CreatedDate: r.created,
});
