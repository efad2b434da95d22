import { z } from 'zod';
import { ALL_USER_TYPES } from '../domain/user-types.ts';
import { LocalDateTime, listOf, SuccessMessage } from '../http/common.ts';
import { anonymous, binary, defineRoute, json, sp, users } from '../http/route.ts';
import { PagedQuery } from '../schemas/fields.ts';
import { UserInfoBundle } from '../schemas/user-info.ts';

export const TokenResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
});

export const MailLogEntry = z.object({
  Id: z.number().int(),
  To: z.string(),
  Subject: z.string(),
  Body: z.string(),
  Status: z.enum(['Recorded', 'Sent', 'Failed']),
  Created: LocalDateTime,
});
export type MailLogEntry = z.infer<typeof MailLogEntry>;

/**
 * One sign-in of the own account (a refresh-token family that is still live): when it started, when it
 * was last renewed, the browser's User-Agent when one was sent, and whether it is the caller's own.
 */
export const MyAccountSession = z.object({
  Id: z.string(),
  Started: LocalDateTime,
  LastUsed: LocalDateTime,
  UserAgent: z.string().nullable(),
  Current: z.boolean(),
});
export type MyAccountSession = z.infer<typeof MyAccountSession>;

/**
 * The own account. FirstTimeMessageSeen (beyond the catalogue): the version of the first-time message
 * the user has put away, remembered with the user and not per browser (issue 35, decision 074); 0 when
 * never, or when asked to show it again.
 */
export const MyAccount = z.object({
  Id: z.number().int(),
  Name: z.string(),
  EmailAdress: z.string(),
  Phone: z.string(),
  Uiculture: z.string(),
  FirstTimeMessageSeen: z.number().int().nonnegative(),
});
export type MyAccount = z.infer<typeof MyAccount>;

/** The own sign-in's id: a refresh-token family (a UUID). */
const SessionIdParams = z.object({ id: z.string().uuid() });

export const sessionRoutes = {
  token: defineRoute({
    method: 'POST',
    path: '/api2/token',
    summary: 'Sign in with Basic e-mail:password credentials; answers an access and a refresh token.',
    access: anonymous,
    bodyKind: 'form',
    body: z.object({ grant_type: z.literal('client_credentials'), scope: z.string().min(1) }),
    response: json(TokenResponse),
  }),
  tokenRefresh: defineRoute({
    method: 'POST',
    path: '/api2/token/refresh',
    summary: 'Exchange the refresh token (bearer credential) for a new pair; the old one is spent.',
    access: anonymous,
    response: json(TokenResponse),
  }),
  tokenRevoke: defineRoute({
    method: 'POST',
    path: '/api2/token/revoke',
    summary: 'Logout: revoke the refresh token given as bearer credential, and its family.',
    access: anonymous,
    response: json(z.object({ Success: z.boolean() })),
  }),
  tokenEntraId: defineRoute({
    method: 'GET',
    path: '/api2/token/EntraId/ServiceProvider.WebSite/',
    summary: 'Microsoft sign-in with an identity token from the popup.',
    access: anonymous,
    query: z.object({ accessToken: z.string().min(1) }),
    response: json(TokenResponse),
  }),
  userInfo: defineRoute({
    method: 'GET',
    path: sp('userinfo'),
    summary: 'The signed-in user with version, licences, ERP configuration, settings and permission matrix.',
    access: users(ALL_USER_TYPES),
    response: json(UserInfoBundle),
  }),
  siteInfo: defineRoute({
    method: 'GET',
    path: sp('UserInfo/SiteInfo'),
    summary: 'Version, build and revision, shown on the sign-in page.',
    access: anonymous,
    response: json(z.object({ Version: z.string(), Build: z.number().int(), Revision: z.number().int() })),
  }),
  portal: defineRoute({
    method: 'GET',
    path: '/api2/app/portal',
    summary:
      'Which other portals are available (technician app, customer and partner portals), and the Microsoft sign-in client when it is configured (EntraId, ours beyond the catalogue; null when off).',
    access: anonymous,
    response: json(
      z.object({
        Technician: z.boolean(),
        CustomerPortal: z.boolean(),
        PartnerPortal: z.boolean(),
        EntraId: z.object({ ClientId: z.string(), Authority: z.string() }).nullable(),
      }),
    ),
  }),
  recoverPassword: defineRoute({
    method: 'POST',
    path: '/api2/Accounts/RecoverPassword',
    summary: 'E-mail a 6-digit recovery code; answers the same for known and unknown addresses.',
    access: anonymous,
    body: z.object({
      username: z.string().trim().min(1, 'E-mail is required').email('Invalid E-mail address'),
    }),
    response: json(SuccessMessage),
  }),
  validateOtp: defineRoute({
    method: 'GET',
    path: '/api2/Accounts/ValidateOtp',
    summary: 'Check a recovery code without spending it.',
    access: anonymous,
    query: z.object({ email: z.string().trim().min(1), code: z.string().trim() }),
    response: json(SuccessMessage),
  }),
  changePassword: defineRoute({
    method: 'POST',
    path: '/api2/Accounts/ChangePassword',
    summary: 'Set a new password with a recovery code; revokes every session of the user.',
    access: anonymous,
    body: z.object({ Email: z.string().trim().min(1), Code: z.string().trim(), Password: z.string() }),
    response: json(SuccessMessage),
  }),
  logo: defineRoute({
    method: 'GET',
    path: '/api2/Report/logo',
    summary: 'The company logo image.',
    access: anonymous,
    response: binary('image/*'),
  }),
  supportTicket: defineRoute({
    method: 'POST',
    path: sp('Ticket/Error/New'),
    summary: 'File a support ticket from an error snackbar.',
    access: users(ALL_USER_TYPES),
    body: z.object({
      Subject: z.string().trim().min(1, 'This field is required').max(200, 'Max 200 characters.'),
      OptionalMessage: z.string().max(4000, 'Max 4000 characters.').default(''),
      CCMe: z.boolean().default(false),
      ErrorLogg: z
        .object({
          Route: z.string().max(2000).default(''),
          Method: z.string().max(20).default(''),
          Input: z.string().max(20000).default(''),
          Response: z.string().max(20000).default(''),
        })
        .optional(),
    }),
    response: json(z.object({ Id: z.number().int(), Message: z.string() })),
  }),
  mailLogs: defineRoute({
    method: 'GET',
    path: sp('Log/MailLogs/Filtered'),
    summary: 'The mail log, newest first (admins).',
    access: users([1], { permission: 'Module.Admin' }),
    query: PagedQuery,
    response: json(listOf(MailLogEntry)),
  }),
  myAccount: defineRoute({
    method: 'GET',
    path: sp('User/MyAccount/'),
    summary: 'The signed-in user’s own account.',
    access: users(ALL_USER_TYPES),
    response: json(MyAccount),
  }),
  changeMyAccount: defineRoute({
    method: 'PATCH',
    path: sp('User/MyAccount/'),
    summary:
      'Change the own name, phone or language, or which first-time message was seen (FirstTimeMessageSeen, beyond the catalogue).',
    access: users(ALL_USER_TYPES),
    body: z.object({
      Name: z.string().trim().min(1, 'This field is required').max(100, 'Max 100 characters.').optional(),
      Phone: z
        .string()
        .trim()
        .regex(/^[0-9 +#-]*$/, 'Phone number cant contain letters')
        .max(40)
        .optional(),
      Uiculture: z.enum(['en', 'no', 'sv', 'zh-CN', 'zh-HK']).optional(),
      /** The first-time message's version put away; 0 to see it again (beyond the catalogue). */
      FirstTimeMessageSeen: z.number().int().min(0).max(1000).optional(),
    }),
    response: json(MyAccount),
  }),
  myAccountChangePassword: defineRoute({
    method: 'POST',
    path: sp('User/MyAccount/ChangePassword'),
    summary:
      'Change the own password (beyond the catalogue): the current one is checked, the new one follows the password rules; the other sign-ins end, this one stays.',
    access: users(ALL_USER_TYPES),
    body: z.object({
      CurrentPassword: z.string().min(1, 'Please type password.'),
      NewPassword: z.string().min(1, 'Please type password.').max(200, 'Max 200 characters.'),
    }),
    response: json(SuccessMessage),
  }),
  myAccountSessions: defineRoute({
    method: 'GET',
    path: sp('User/MyAccount/Sessions'),
    summary:
      'The own live sign-ins (beyond the catalogue), the newest first, the caller’s own marked Current.',
    access: users(ALL_USER_TYPES),
    response: json(listOf(MyAccountSession)),
  }),
  myAccountEndSession: defineRoute({
    method: 'DELETE',
    path: sp('User/MyAccount/Sessions/:id'),
    summary: 'End one of the own sign-ins (beyond the catalogue); its access tokens are refused at once.',
    access: users(ALL_USER_TYPES),
    params: SessionIdParams,
    response: json(SuccessMessage),
  }),
  myAccountEndOtherSessions: defineRoute({
    method: 'POST',
    path: sp('User/MyAccount/Sessions/EndOthers'),
    summary:
      'Sign out everywhere else (beyond the catalogue): every own sign-in but the caller’s ends; its access tokens are refused at once.',
    access: users(ALL_USER_TYPES),
    response: json(z.object({ Success: z.boolean(), Message: z.string(), Count: z.number().int() })),
  }),
} as const;
