import { z } from 'zod';
import { FEATURE_KEYS, LICENCE_KEYS } from '../domain/licences.ts';

const flags = <K extends readonly string[]>(keys: K) =>
  z.object(Object.fromEntries(keys.map((k) => [k, z.boolean()])) as { [P in K[number]]: z.ZodBoolean });

export const Licences = flags(LICENCE_KEYS);
export type Licences = z.infer<typeof Licences>;
export const Features = flags(FEATURE_KEYS);
export type Features = z.infer<typeof Features>;

export const UserInfo = z.object({
  Id: z.number().int(),
  Name: z.string(),
  EmailAdress: z.string(),
  UserTypeId: z.number().int(),
  Uiculture: z.string(),
  UserLogonName: z.string(),
  CustomerId: z.number().int().nullable(),
  PartnerCompanyId: z.number().int().nullable(),
  /** The version of the first-time message the user has put away (beyond the catalogue; decision 074). */
  FirstTimeMessageSeen: z.number().int().nonnegative(),
});

export const VersionInfo = z.object({
  Version: z.string(),
  Build: z.number().int(),
  Revision: z.number().int(),
});

export const ERPConfig = z.object({
  ERPBaseAssembly: z.string(),
  ERPFriendlyName: z.string(),
  CustomerReadOnly: z.boolean(),
  CustomerAddressReadOnly: z.boolean(),
  CustomerPersonsReadOnly: z.boolean(),
  SupplierReadOnly: z.boolean(),
});
export type ERPConfig = z.infer<typeof ERPConfig>;

export const GlobalSettings = z.object({
  IsSaasMode: z.boolean(),
  TimeZone: z.string(),
  /** hh:mm */
  WorkHourStart: z.string(),
  WorkHourEnd: z.string(),
  DefaultJobCategoryId: z.number().int(),
  ShowNewTimeReport: z.boolean(),
  /** The shortest new password the company allows (6, the documents' minimum, or more; decision 060). */
  PasswordMinLength: z.number().int(),
  Maps: z.object({
    MainLocationCoordinates: z.string(),
    GoogleMapsApiKey: z.string().nullable(),
    /** The server's MAP_STYLE_URL (a MapLibre style or a .pmtiles file); none: the map's built-in base. */
    MapStyleUrl: z.string().nullable().optional(),
    /** The server's MAP_SATELLITE_STYLE_URL, drawn for the 'Satellite' map type; none: the built-in base. */
    MapSatelliteStyleUrl: z.string().nullable().optional(),
  }),
  Features,
  /** Travel without a routing server (decision 063): road km per straight-line km, and the average speed (last: optional). */
  TravelRoadFactor: z.number().optional(),
  TravelSpeedKmh: z.number().optional(),
  /** The length of a work day in hours, the planner's load is measured against (issue 30; last: optional). */
  WorkDayHours: z.number().optional(),
  /** Hours a customer's status link still opens after the job's last visit (decision 072). */
  StatusLinkHours: z.number().optional(),
});
export type GlobalSettings = z.infer<typeof GlobalSettings>;

export const UserInfoBundle = z.object({
  UserInfo,
  Version: VersionInfo,
  Licences,
  ERPConfig,
  GlobalSettings,
  /** Named permission → allowed user type ids. */
  AuthorizationMatrix: z.record(z.string(), z.array(z.number().int())),
  FieldMapping: z.record(z.string(), z.string()),
  /**
   * The live-event sequence when this answer was made: the page's first live-event connection asks
   * for what came after it (`auth.since`), so a change made while the page loaded is not missed.
   */
  EventSequence: z.number().int().nonnegative().optional(),
});
export type UserInfoBundle = z.infer<typeof UserInfoBundle>;
