import type { qrRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { QrService } from './qr.service.ts';

/**
 * QR labels (002 §7.14). Their links start with the configured public address (PUBLIC_URL), not the
 * request's Host header: a label is printed once and must lead back here, whoever asked for it. A
 * machine's label leads to the web app's page (`portalUrl`: PUBLIC_URL and BASE_PATH).
 */
export function qrHandlers(
  svc: QrService,
  publicUrl: string,
  portalUrl: string,
): Omit<Handlers<typeof qrRoutes>, 'resourceGet'> {
  return {
    qrLink: async (ctx) => svc.resolve(callerOf(ctx), ctx.params.id, publicUrl, portalUrl),
    qrCreateList: async (ctx) => svc.createList(callerOf(ctx), ctx.query.count, publicUrl),
    qrConvertUrlToImage: async (ctx) => ({ contentType: 'image/png', data: await svc.image(ctx.query.url) }),
  };
}
