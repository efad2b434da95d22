import { z } from 'zod';
import { ALL_USER_TYPES, STAFF } from '../domain/user-types.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  AddressFromLngLatQuery,
  CoordinateFromAddressQuery,
  JobLocation,
  JobLocationQuery,
  MapAddress,
  MapPoint,
  NearbyJobs,
  NearbyJobsInput,
  RoutePlan,
  RoutePlanQuery,
  SearchAddressesQuery,
} from '../schemas/maps.ts';

/**
 * Maps (002 §7.15). Address look-ups go to the configured geocoder (GEOCODER_URL, else the built-in
 * Nordic towns); routes to the router (OSRM_URL, else straight legs). The planner's map calls need the
 * Maps licence ('Maps licence required.').
 */
const staff = users(STAFF);
const plannerMap = users([1, 2], { permission: 'Module.Planner', licence: 'Maps' });

export const mapRoutes = {
  mapsAddressFromLngLat: defineRoute({
    method: 'GET',
    path: sp('maps/AddressFromLngLat'),
    summary: 'The address at a point; 404 when none is known there.',
    access: staff,
    query: AddressFromLngLatQuery,
    response: json(MapAddress),
  }),
  mapsCoordinateFromAddress: defineRoute({
    method: 'GET',
    path: sp('maps/CoordinateFromAddress'),
    summary: 'The point of an address written as text; 404 when it cannot be placed.',
    access: staff,
    query: CoordinateFromAddressQuery,
    response: json(MapPoint),
  }),
  mapsSearchAddresses: defineRoute({
    method: 'GET',
    path: sp('maps/SearchAddresses'),
    summary: 'Addresses matching a text, best first.',
    access: staff,
    query: SearchAddressesQuery,
    response: json(z.array(MapAddress)),
  }),
  mapsJobLocation: defineRoute({
    method: 'GET',
    path: sp('maps/JobLocation'),
    summary: 'Where a job is: its delivery address and the address’s point (null when not geocoded).',
    access: users(ALL_USER_TYPES, { permission: 'Module.Jobs' }),
    query: JobLocationQuery,
    response: json(JobLocation),
  }),
  mapsNearbyJobs: defineRoute({
    method: 'POST',
    path: sp('maps/NearbyJobs'),
    summary:
      'Parent jobs within Radius metres of Origin by the filter, grouped by place; at most 10,000 jobs.',
    access: plannerMap,
    body: NearbyJobsInput,
    response: json(NearbyJobs),
  }),
  mapsRoutePlan: defineRoute({
    method: 'GET',
    path: sp('maps/RoutePlan'),
    summary:
      'A user’s route on a day: origin, then one leg per appointment with a placed job, in time order.',
    access: plannerMap,
    query: RoutePlanQuery,
    response: json(RoutePlan),
  }),
} as const;
