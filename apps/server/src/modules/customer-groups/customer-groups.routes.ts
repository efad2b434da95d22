import { CustomerGroupChangeInput, CustomerGroupInput, type customerGroupRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import { readMultipart } from '../resources/multipart.ts';
import type { CustomerGroupService } from './customer-groups.service.ts';

/** Customer groups (002 §7.6); create and change are multipart (ImageFile and a CustomerGroup part). */
export function customerGroupHandlers(svc: CustomerGroupService): Handlers<typeof customerGroupRoutes> {
  return {
    customerGroupFiltered: async (ctx) => svc.filtered(ctx.query),
    customerGroupGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    customerGroupCreate: async (ctx) => {
      const { value, file } = await readMultipart(ctx.req, 'CustomerGroup', CustomerGroupInput);
      return svc.create(callerOf(ctx), value, file);
    },
    customerGroupChange: async (ctx) => {
      const { value, file } = await readMultipart(ctx.req, 'CustomerGroup', CustomerGroupChangeInput);
      return svc.change(callerOf(ctx), value, file);
    },
    customerGroupDelete: async (ctx) => svc.delete(callerOf(ctx), ctx.params.id),
  };
}
