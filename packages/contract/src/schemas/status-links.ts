import { z } from 'zod';

/**
 * A job's status link token (decision 072): 43 base64url characters, 256 random bits, naming nothing.
 * Anything else is not a link: the server answers 404 as for an unknown, revoked or expired one.
 */
export const STATUS_TOKEN = /^[A-Za-z0-9_-]{43}$/;
export const StatusTokenParams = z.object({ token: z.string().max(200) });

/** Hours a status link still opens after the job's last visit ended, unless the Admin sets another. */
export const STATUS_LINK_HOURS_DEFAULT = 72;
export const STATUS_LINK_HOURS_MAX = 24 * 60;

/** Where the job stands for its contact: planned, the technician on the way, on site, or done. */
export const STATUS_STAGES = ['open', 'planned', 'onMyWay', 'onSite', 'done'] as const;
export type StatusStage = (typeof STATUS_STAGES)[number];

/**
 * The customer's status page (GET /api2/status/{token}): the job's state, the planned window (the
 * company's wall clock), the technician's first name, the arrival estimate while on the way, and
 * whether the service report can be fetched. Nothing else of the job or its customer.
 */
export const StatusPage = z.object({
  Stage: z.enum(STATUS_STAGES),
  StatusName: z.string(),
  WindowStart: z.string().nullable(),
  WindowEnd: z.string().nullable(),
  TechnicianFirstName: z.string().nullable(),
  /** The arrival estimate (wall clock) while the technician is on the way; null otherwise. */
  ArrivalEstimate: z.string().nullable(),
  ReportAvailable: z.boolean(),
});
export type StatusPage = z.infer<typeof StatusPage>;

/** The answer to "On my way": the appointment's time of setting out. */
export const OnMyWay = z.object({ OnMyWayAt: z.string() });

/** The answer to revoking a job's status links: how many were still open. */
export const StatusLinksRevoked = z.object({ Revoked: z.number().int() });

/** How long a technician's last position stands for where they are (decision 085); older: the plan's estimate. */
export const WAY_POSITION_FRESH_MS = 5 * 60_000;
/** How often the technician's phone sends its position while On my way (at most). */
export const WAY_POSITION_EVERY_MS = 30_000;

/**
 * Where the technician's phone is while On my way (POST Appointment/{id}/Position, decision 085): kept
 * for that appointment alone until arrival, never shown to the customer (only the estimate driven from it).
 */
export const WayPositionInput = z.object({
  Latitude: z.number().min(-90).max(90),
  Longitude: z.number().min(-180).max(180),
});

/** The answer to a position: when it was recorded (the company's wall clock). */
export const WayPositionRecorded = z.object({ RecordedAt: z.string() });
