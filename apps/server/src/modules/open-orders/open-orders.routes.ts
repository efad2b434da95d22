import type { openOrderRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import type { OpenOrdersService } from './open-orders.service.ts';

/** The dashboard's open orders (001 §2.7): parse, authorise, call, present. */
export function openOrderHandlers(svc: OpenOrdersService): Handlers<typeof openOrderRoutes> {
  return { openOrders: async () => svc.list() };
}
