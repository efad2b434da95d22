import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverMessage, type sessionRoutes, toLocalDateTime } from '@fieldport/contract';
import { AppError } from '../../http/app-error.ts';
import type { Handlers } from '../../http/context.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as repo from './session.repository.ts';
import type { SessionDeps, SessionService } from './session.service.ts';
import { basicOf, bearerOf } from './tokens.ts';

const defaultLogo = readFileSync(join(import.meta.dirname, '../../../assets/logo.svg'));

export function sessionHandlers(
  svc: SessionService,
  deps: SessionDeps & {
    settings: SettingsService;
    /** The company's uploaded logo (settings/UpdateLogo), or null for the built-in one. */
    logo?: () => Promise<{ contentType: string; data: Buffer } | null>;
  },
): Handlers<typeof sessionRoutes> {
  return {
    token: async ({ req, lang }) => {
      const creds = basicOf(req.headers.authorization);
      if (!creds) throw new AppError(400, 'invalid_credentials');
      return svc.signIn(creds.email, creds.password, lang);
    },
    tokenRefresh: async ({ req }) => svc.refresh(bearerOf(req.headers.authorization)),
    tokenRevoke: async ({ req }) => {
      await svc.revoke(bearerOf(req.headers.authorization));
      return { Success: true };
    },
    tokenEntraId: async () => {
      throw new AppError(400, 'entra_not_configured');
    },
    userInfo: async ({ user }) => svc.userInfo(user),
    siteInfo: async () => (await import('../../version.ts')).VERSION,
    portal: async () => {
      const l = await deps.settings.licences();
      return { Technician: true, CustomerPortal: l.CustomerPortal, PartnerPortal: l.PartnerPortal };
    },
    recoverPassword: async ({ body, lang }) => svc.recoverPassword(body.username, lang),
    validateOtp: async ({ query, lang }) => svc.validateOtp(query.email, query.code, lang),
    changePassword: async ({ body, lang }) => svc.changePassword(body.Email, body.Code, body.Password, lang),
    logo: async () => (await deps.logo?.()) ?? { contentType: 'image/svg+xml', data: defaultLogo },
    supportTicket: async ({ user, body, lang }) => {
      const id = await repo.insertTicket(deps.db, {
        userId: user.id,
        subject: body.Subject,
        optionalMessage: body.OptionalMessage,
        ccMe: body.CCMe,
        errorLog: body.ErrorLogg ?? null,
      });
      return { Id: id, Message: serverMessage('ticket_sent', lang) };
    },
    mailLogs: async ({ query }) => {
      const { rows, total } = await repo.listMail(deps.db, query.Page, query.ItemsPerPage, query.SearchWord);
      const tz = (await deps.settings.global()).TimeZone;
      return {
        Content: rows.map((r) => ({
          Id: r.id,
          To: r.to,
          Subject: r.subject,
          Body: r.body,
          Status: r.status as 'Recorded' | 'Sent' | 'Failed',
          Created: toLocalDateTime(r.createdAt, tz),
        })),
        TotalCount: total,
      };
    },
    myAccount: async ({ user }) => svc.account(user),
    changeMyAccount: async ({ user, body }) =>
      svc.changeAccount(user, {
        ...(body.Name !== undefined ? { name: body.Name } : {}),
        ...(body.Phone !== undefined ? { phone: body.Phone } : {}),
        ...(body.Uiculture !== undefined ? { uiculture: body.Uiculture } : {}),
      }),
  };
}
