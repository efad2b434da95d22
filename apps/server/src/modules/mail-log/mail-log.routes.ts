import type { sessionRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import type { MailLogService } from './mail-log.service.ts';

/** The mail log call (declared with the session's in the contract). */
type MailLogRoutes = Pick<typeof sessionRoutes, 'mailLogs'>;

/** Log/MailLogs/Filtered: the mail log, newest first (Admins). */
export function mailLogHandlers(svc: MailLogService): Handlers<MailLogRoutes> {
  return {
    mailLogs: async (ctx) => svc.filtered(ctx.query),
  };
}
