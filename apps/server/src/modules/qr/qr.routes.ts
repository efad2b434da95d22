import type { qrRoutes } from '@fieldport/contract';
import type { FastifyRequest } from 'fastify';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { QrService } from './qr.service.ts';

const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** QR labels (002 §7.14). */
export function qrHandlers(svc: QrService): Omit<Handlers<typeof qrRoutes>, 'resourceGet'> {
  return {
    qrLink: async (ctx) => svc.resolve(callerOf(ctx), ctx.params.id, originOf(ctx.req)),
    qrCreateList: async (ctx) => svc.createList(callerOf(ctx), ctx.query.count, originOf(ctx.req)),
    qrConvertUrlToImage: async (ctx) => ({ contentType: 'image/png', data: await svc.image(ctx.query.url) }),
  };
}
