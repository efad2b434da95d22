import { type Access, hasPermission, userTypeLicensed } from '@fieldport/contract';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { bearerOf } from '../../http/authorization-header.ts';
import type { RouteGuard } from '../../http/context.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AuthUser } from '../common/caller.ts';
import { forbidden, refusal } from '../common/errors.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { TokenService } from './tokens.ts';
import type { UserCache } from './user-cache.ts';
import type { UserRow } from './users.repository.ts';

export const toAuthUser = (u: UserRow): AuthUser => ({
  id: u.id,
  name: u.name,
  email: u.email,
  logonName: u.logonName,
  userTypeId: u.userTypeId,
  customerId: u.customerId,
  partnerCompanyId: u.partnerCompanyId,
  departmentId: u.departmentId,
  uiculture: u.uiculture,
});

interface GuardDeps {
  db: Db;
  tokens: TokenService;
  settings: SettingsService;
  clock: Clock;
  /** The users' rows, kept between calls and dropped when a user changes. */
  users: UserCache;
}

/** Checks the bearer token and the route's declared access; 401 for who, 403 for what. */
export class AuthGuard implements RouteGuard {
  private readonly deps: GuardDeps;
  constructor(deps: GuardDeps) {
    this.deps = deps;
  }

  async check(req: FastifyRequest, access: Access): Promise<AuthUser | null> {
    if (access.kind === 'anonymous') return null;
    const user = await this.authenticate(req);
    const licences = await this.deps.settings.licences();
    // Partner and customer user types exist only while their portal licence is present (000 §6).
    if (!userTypeLicensed(user.userTypeId, licences)) throw forbidden('licence_required');
    if (!access.userTypes.includes(user.userTypeId as 1)) throw forbidden();
    if (access.permission && !hasPermission(access.permission, user.userTypeId)) throw forbidden();
    if (access.licence && !licences[access.licence]) throw forbidden('licence_required');
    if (access.feature && !(await this.deps.settings.features())[access.feature])
      throw forbidden('feature_disabled');
    return user;
  }

  private async authenticate(req: FastifyRequest): Promise<AuthUser> {
    return (await this.verify(bearerOf(req.headers.authorization))).user;
  }

  /**
   * The signed-in user of an access token, loaded fresh: a deactivated user or an older session
   * version (password changed, logged out everywhere) or an ended sign-in (logout) is refused. The live-event hub checks its
   * handshake with this too, so a socket is let in exactly when an HTTP call would be.
   */
  async verify(token: string | null | undefined): Promise<{
    user: AuthUser;
    sessionVersion: number;
    sessionId: string | undefined;
    expiresAt: Date;
  }> {
    if (!token) throw refusal(401, 'unauthorized');
    const claims = await this.deps.tokens.verifyAccess(token, this.deps.clock.now());
    if (!claims) throw refusal(401, 'unauthorized');
    // A logged-out sign-in, or one whose refresh token was reused, ends at once, not at token expiry.
    if (this.deps.tokens.isSessionEnded(claims.sessionId)) throw refusal(401, 'session_ended');
    const row = await this.deps.users.get(claims.userId);
    if (!row?.isActive || row.sessionVersion !== claims.sessionVersion) throw refusal(401, 'session_ended');
    return {
      user: { ...toAuthUser(row), sessionId: claims.sessionId },
      sessionVersion: row.sessionVersion,
      sessionId: claims.sessionId,
      expiresAt: claims.expiresAt,
    };
  }

  /** Whether the user's portal licence is present (staff always): the socket's check of `check`'s first rule. */
  async licensed(user: AuthUser): Promise<boolean> {
    return userTypeLicensed(user.userTypeId, await this.deps.settings.licences());
  }

  /** Which user types exist under the licences now (one read of them): the hub's check of open sockets. */
  async licensedTypes(): Promise<(userTypeId: number) => boolean> {
    const licences = await this.deps.settings.licences();
    return (userTypeId) => userTypeLicensed(userTypeId, licences);
  }
}
