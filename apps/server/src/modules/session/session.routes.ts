import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { sessionRoutes } from '@fieldport/contract';
import { basicOf, bearerOf } from '../../http/authorization-header.ts';
import type { Handlers } from '../../http/context.ts';
import { refusal } from '../common/errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { SessionDeps, SessionService } from './session.service.ts';

const defaultLogo = readFileSync(join(import.meta.dirname, '../../../assets/logo.svg'));

/** The session's calls: the contract's group without the own account, support tickets and mail log. */
type SessionRoutes = Omit<
  typeof sessionRoutes,
  | 'myAccount'
  | 'changeMyAccount'
  | 'myAccountChangePassword'
  | 'myAccountSessions'
  | 'myAccountEndSession'
  | 'myAccountEndOtherSessions'
  | 'supportTicket'
  | 'mailLogs'
>;

/** Sign-in, tokens, recovery, user and site info, portals and the logo. */
export function sessionHandlers(
  svc: SessionService,
  deps: SessionDeps & {
    settings: SettingsService;
    /** What the sign-in page needs for the Microsoft popup; absent when it is not configured. */
    entraClient?: { ClientId: string; Authority: string } | undefined;
    /** The company's uploaded logo (settings/UpdateLogo), or null for the built-in one. */
    logo?: () => Promise<{ contentType: string; data: Buffer } | null>;
  },
): Handlers<SessionRoutes> {
  return {
    token: async ({ req, lang }) => {
      const creds = basicOf(req.headers.authorization);
      if (!creds) throw refusal(400, 'invalid_credentials');
      return svc.signIn(creds.email, creds.password, lang, req.ip, req.headers['user-agent']);
    },
    tokenRefresh: async ({ req }) =>
      svc.refresh(bearerOf(req.headers.authorization), req.headers['user-agent']),
    tokenRevoke: async ({ req }) => {
      await svc.revoke(bearerOf(req.headers.authorization));
      return { Success: true };
    },
    tokenEntraId: async ({ req, query }) => svc.signInWithEntra(query.accessToken, req.headers['user-agent']),
    userInfo: async ({ user }) => svc.userInfo(user),
    siteInfo: async () => (await import('../../version.ts')).VERSION,
    portal: async () => {
      const l = await deps.settings.licences();
      return {
        Technician: true,
        CustomerPortal: l.CustomerPortal,
        PartnerPortal: l.PartnerPortal,
        EntraId: deps.entraClient ?? null,
      };
    },
    recoverPassword: async ({ body, lang }) => svc.recoverPassword(body.username, lang),
    validateOtp: async ({ query, lang }) => svc.validateOtp(query.email, query.code, lang),
    changePassword: async ({ body, lang }) => svc.changePassword(body.Email, body.Code, body.Password, lang),
    logo: async () => (await deps.logo?.()) ?? { contentType: 'image/svg+xml', data: defaultLogo },
  };
}
