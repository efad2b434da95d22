import type { sessionRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import { callerOf } from '../common/caller.ts';
import type { AccountService } from './account.service.ts';

/** The own account's calls (declared with the session's in the contract). */
type AccountRoutes = Pick<
  typeof sessionRoutes,
  | 'myAccount'
  | 'changeMyAccount'
  | 'myAccountChangePassword'
  | 'myAccountSessions'
  | 'myAccountEndSession'
  | 'myAccountEndOtherSessions'
>;

/** User/MyAccount (001 §3): read and change the signed-in user's own account, password and sign-ins. */
export function accountHandlers(svc: AccountService): Handlers<AccountRoutes> {
  return {
    myAccount: async ({ user }) => svc.account(user),
    changeMyAccount: async ({ user, body }) =>
      svc.changeAccount(
        user,
        {
          ...(body.Name !== undefined ? { name: body.Name } : {}),
          ...(body.Phone !== undefined ? { phone: body.Phone } : {}),
          ...(body.Uiculture !== undefined ? { uiculture: body.Uiculture } : {}),
        },
        body.FirstTimeMessageSeen,
      ),
    myAccountChangePassword: async (ctx) =>
      svc.changePassword(callerOf(ctx), ctx.body.CurrentPassword, ctx.body.NewPassword),
    myAccountSessions: async ({ user }) => svc.sessions(user),
    myAccountEndSession: async (ctx) => svc.endSession(callerOf(ctx), ctx.params.id),
    myAccountEndOtherSessions: async (ctx) => svc.endOtherSessions(callerOf(ctx)),
  };
}
