import { z } from 'zod';
import { LocalDate, LocalDateTime } from '../http/common.ts';
import { QueryIdList, RecordId, RefId } from './fields.ts';

const Longitude = z.coerce
  .number({ error: 'Must be a longitude.' })
  .min(-180, 'Must be a longitude.')
  .max(180, 'Must be a longitude.');
const Latitude = z.coerce
  .number({ error: 'Must be a latitude.' })
  .min(-90, 'Must be a latitude.')
  .max(90, 'Must be a latitude.');

/** A point on the map (000 §3 Map marker Location). */
export const MapPoint = z.object({ Longitude, Latitude });
export type MapPoint = z.infer<typeof MapPoint>;

/** An address a search or a reverse look-up found. */
export const MapAddress = z.object({
  DisplayName: z.string(),
  Street: z.string(),
  Zip: z.string(),
  City: z.string(),
  County: z.string(),
  Country: z.string(),
  Longitude: z.number(),
  Latitude: z.number(),
});
export type MapAddress = z.infer<typeof MapAddress>;

const Text = z.string().trim().min(1, 'This field is required').max(300, 'Max 300 characters.');

export const CoordinateFromAddressQuery = z.object({ address: Text });
export const AddressFromLngLatQuery = z.object({ lng: Longitude, lat: Latitude });
export const SearchAddressesQuery = z.object({
  query: Text,
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const JobLocationQuery = z.object({ jobId: RecordId });

/** A job as a map marker shows it: its status colours the marker (000 §2). */
export const MapJob = z.object({
  Id: z.number().int(),
  DisplayName: z.string(),
  JobStatusId: z.number().int(),
  StatusName: z.string(),
  StatusColor: z.string(),
  CustomerName: z.string(),
  Address: z.string(),
  CreatedDate: LocalDateTime,
});
export type MapJob = z.infer<typeof MapJob>;

export const JobLocation = z.object({
  JobId: z.number().int(),
  Location: MapPoint.nullable(),
  Address: z.string(),
});

/** The most jobs one nearby call answers: the map clusters them (000 §2, the budget's 10,000). */
export const NEARBY_JOBS_MAX = 10_000;

/** The grid a clustered answer counts the view's jobs in: this many cells a side (decision 082). */
export const NEARBY_CLUSTER_CELLS = 24;
/**
 * A circle this small (metres) is listed whatever ClusterAbove says: a street's view is not clustered,
 * so a place of many jobs can always be opened.
 */
export const NEARBY_CLUSTER_MIN_RADIUS = 1_000;
/**
 * The most jobs the web app's map asks to have listed: a view holding more is answered as counts per
 * cell, some kilobytes instead of some megabytes, and its jobs are listed nearer.
 */
export const NEARBY_CLUSTER_ABOVE = 500;

/**
 * POST maps/NearbyJobs (002 §3): Radius in metres, 1.25 times the visible map's (000 §9). With
 * ClusterAbove, a circle holding more jobs than that is answered as counts per cell of a grid over it
 * (decision 082): what a map draws at that size, in a few kilobytes at any radius.
 */
export const NearbyJobsInput = z.object({
  Origin: MapPoint,
  Radius: z.number().positive('Must be more than 0.').max(2_000_000, 'At most 2,000 km.'),
  JobListFilter: z
    .object({
      JobStatusIdList: z.array(RefId).max(200).nullish(),
      OrderDepartmentIdList: z.array(RefId).max(200).nullish(),
      JobTypeIdList: z.array(RefId).max(200).nullish(),
    })
    .default({}),
  ClusterAbove: z.number().int().min(1).max(NEARBY_JOBS_MAX).nullish(),
});
/**
 * The jobs at one place: jobs at the same coordinates share a marker. Count is how many jobs the place
 * stands for: its Jobs, or in a clustered answer a cell's jobs at the mean of their points, Jobs empty.
 * JobStatusId and StatusColor are its lowest status's (the job to do first), which colours the marker.
 */
export const NearbyJobs = z.array(
  z.object({
    Location: MapPoint,
    Jobs: z.array(MapJob),
    Count: z.number().int(),
    JobStatusId: z.number().int(),
    StatusColor: z.string(),
  }),
);

/**
 * order: appointment ids in the order to drive them (the optimised day, issue 30); the day's other stops
 * follow in time order.
 */
export const RoutePlanQuery = z.object({ userId: RecordId, date: LocalDate, order: QueryIdList.optional() });

/**
 * A user's day on the map (000 §2): from the origin (the user's home when set, else the main office when
 * configured, else the first stop) to each appointment's job address in time order (or `order`).
 * Estimated: straight legs with estimated times.
 */
export const RoutePlan = z.object({
  Origin: MapPoint.nullable(),
  /** The origin is the user's home (users.home_*), not the office. */
  OriginIsHome: z.boolean(),
  Routes: z.array(
    z.object({
      Polyline: z.string(),
      EndLocation: MapPoint,
      DistanceMeters: z.number().int(),
      DurationSeconds: z.number().int(),
      Estimated: z.boolean(),
      AppointmentId: z.number().int(),
      JobId: z.number().int(),
      Subject: z.string(),
      StartTime: LocalDateTime,
    }),
  ),
});
export type RoutePlan = z.infer<typeof RoutePlan>;
