import type { mapRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { MapService } from './maps.service.ts';

/** Maps (002 §7.15): parse, authorise, call, present. */
export function mapHandlers(svc: MapService): Handlers<typeof mapRoutes> {
  return {
    mapsAddressFromLngLat: async (ctx) => svc.addressAt(callerOf(ctx), ctx.query.lng, ctx.query.lat),
    mapsCoordinateFromAddress: async (ctx) => svc.pointOf(callerOf(ctx), ctx.query.address),
    mapsSearchAddresses: async (ctx) => svc.search(ctx.query.query, ctx.query.limit),
    mapsJobLocation: async (ctx) => svc.jobLocation(callerOf(ctx), ctx.query.jobId),
    mapsNearbyJobs: async (ctx) => svc.nearby(callerOf(ctx), ctx.body),
    mapsRoutePlan: async (ctx) => svc.routePlan(ctx.query.userId, ctx.query.date, ctx.query.order),
  };
}
