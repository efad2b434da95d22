import type { sessionRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { SupportTicketService } from './support-tickets.service.ts';

/** The support ticket call (declared with the session's in the contract). */
type SupportTicketRoutes = Pick<typeof sessionRoutes, 'supportTicket'>;

/** Ticket/Error/New: a ticket filed from an error snackbar. */
export function supportTicketHandlers(svc: SupportTicketService): Handlers<SupportTicketRoutes> {
  return {
    supportTicket: async (ctx) => svc.file(callerOf(ctx), ctx.body),
  };
}
