import type { sessionRoutes } from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import type { AccountService } from './account.service.ts';

/** The own account's calls (declared with the session's in the contract). */
type AccountRoutes = Pick<typeof sessionRoutes, 'myAccount' | 'changeMyAccount'>;

/** User/MyAccount (001 §3): read and change the signed-in user's own account. */
export function accountHandlers(svc: AccountService): Handlers<AccountRoutes> {
  return {
    myAccount: async ({ user }) => svc.account(user),
    changeMyAccount: async ({ user, body }) =>
      svc.changeAccount(user, {
        ...(body.Name !== undefined ? { name: body.Name } : {}),
        ...(body.Phone !== undefined ? { phone: body.Phone } : {}),
        ...(body.Uiculture !== undefined ? { uiculture: body.Uiculture } : {}),
      }),
  };
}
