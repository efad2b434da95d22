import type { userRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { SessionService } from '../session/session.service.ts';
import type { UserService } from './users.service.ts';

/** User accounts and the older password calls (002 §7.21). */
export function userHandlers(svc: UserService, session: SessionService): Handlers<typeof userRoutes> {
  return {
    userFiltered: async (ctx) => svc.filtered(ctx.query),
    userSearchCustomerAccounts: async (ctx) => svc.searchCustomerAccounts(ctx.query.query),
    userGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.id),
    userGetAccount: async (ctx) => svc.getAccount(callerOf(ctx), ctx.params.id),
    userAdd: async (ctx) => svc.add(callerOf(ctx), ctx.body),
    userChange: async (ctx) => svc.change(callerOf(ctx), ctx.params.id, ctx.body),
    userToggleActive: async (ctx) => svc.toggleActive(callerOf(ctx), ctx.params.id),
    userChangePasswordFor: async (ctx) =>
      svc.setPasswordFor(callerOf(ctx), ctx.params.email, ctx.body.Password),
    userSendResetPasswordMail: async (ctx) => svc.sendResetMail(callerOf(ctx), ctx.query.emailaddress),
    passwordRecover: async ({ query, lang }) => session.recoverPassword(query.Email, lang),
    passwordReset: async ({ body, lang }) =>
      session.changePassword(body.Email, body.Code, body.Password, lang),
  };
}
