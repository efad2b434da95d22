import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  isOtp,
  OTP_MAX_PER_HOUR,
  OTP_MAX_TRIES,
  PERMISSIONS,
  RESET_CODE_MINUTES,
  SIGN_IN_PAIR_ALLOWANCE,
  SIGN_IN_WINDOW_MINUTES,
  serverMessage,
  toLanguage,
  type UserInfoBundle,
  userTypeLicensed,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock, Sleep } from '../../infra/clock.ts';
import type { EntraVerifier } from '../../infra/entra.ts';
import type { Mailer } from '../../infra/mailer.ts';
import { VERSION } from '../../version.ts';
import type { AuthUser } from '../common/caller.ts';
import { refusal } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { AuthGuard } from './auth-guard.ts';
import { newPasswordRefusal } from './new-password.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as repo from './session.repository.ts';
import { isRefused, signInDelayMs } from './sign-in.policy.ts';
import { ACCESS_TOKEN_SECONDS, hashToken, REFRESH_TOKEN_DAYS, type TokenService } from './tokens.ts';
import {
  findUserByEmail,
  findUserByEntraIdentity,
  findUserById,
  setPassword,
  type UserRow,
} from './users.repository.ts';

export interface SessionDeps {
  db: Db;
  tokens: TokenService;
  settings: SettingsService;
  clock: Clock;
  /** How a slowed sign-in waits (a timer; tests record the wait instead, decision 058). */
  sleep: Sleep;
  /** The longest wait of a slowed sign-in (SIGN_IN_MAX_DELAY_MS). */
  signInMaxDelayMs: number;
  mailer: Mailer;
  guard: AuthGuard;
  secret: string;
  /** The live-event sequence handed on so far (the user info tells the page where to start). */
  eventSequence?: () => number;
  /** Verifies Microsoft identity tokens; absent when Microsoft sign-in is not configured. */
  entra?: EntraVerifier | undefined;
  /** MAP_STYLE_URL, handed to the planner's map with the global settings (decision 038). */
  mapStyleUrl?: string | undefined;
  /** MAP_SATELLITE_STYLE_URL: the map's 'Satellite' type (decision 038). */
  mapSatelliteStyleUrl?: string | undefined;
  /** The version of the first-time message the user put away (0: none); the account module answers (decision 096). */
  firstTimeSeen: (userId: number) => Promise<number>;
}

type Lang = string | undefined;
const DAY_MS = 86_400_000;
/** The window failed sign-ins are counted over (decision 058). */
const WINDOW_MS = SIGN_IN_WINDOW_MINUTES * 60_000;
/** Every this many failures, the rows that no longer count are removed. */
const CLEAN_EVERY = 100;
/** The longest User-Agent kept with a refresh token (My account shows the browser of each sign-in). */
const USER_AGENT_MAX = 400;
const userAgentOf = (header: string | undefined): string | null =>
  header?.trim().slice(0, USER_AGENT_MAX) || null;

/** Sign-in, token rotation, recovery and the user-info bundle. */
export class SessionService {
  private readonly deps: SessionDeps;
  constructor(deps: SessionDeps) {
    this.deps = deps;
  }

  private failures = 0;

  /**
   * Signs in by e-mail and password, throttled without a lockout (decision 058). Failures in the last
   * hour are counted per account (known or not), per address and per pair, in the database so that every
   * server process sees them. They slow each further try (up to 3 s, before the password is checked);
   * past the account's hourly budget an address that has itself failed on it 5 times is refused with
   * 429 and Retry-After, unchecked. A right password from any other address signs in.
   */
  async signIn(email: string, password: string, lang: Lang, address = '', userAgent?: string) {
    const now = this.deps.clock.now();
    const account = email.trim().toLowerCase();
    const since = new Date(now.getTime() - WINDOW_MS);
    const keys = { account, address, since };
    const before = await repo.signInFailureCounts(this.deps.db, keys);
    if (isRefused(before)) throw await this.lockRefusal(keys, now);
    await this.deps.sleep(signInDelayMs(before, this.deps.signInMaxDelayMs));
    // The try is written before its password is checked and judged again with the tries beside it, so
    // tries sent side by side count against each other (written after the wait, so that it is not
    // counted as a failure while it waits and the waits of many right sign-ins at once do not grow).
    const tryId = await repo.takeSignInTry(this.deps.db, { account, address, at: now });
    if (isRefused(await repo.signInFailureCounts(this.deps.db, { ...keys, exceptId: tryId }))) {
      await repo.dropSignInTry(this.deps.db, tryId);
      throw await this.lockRefusal(keys, now);
    }
    const user = await findUserByEmail(this.deps.db, email);
    const ok = await verifyPassword(user?.passwordHash ?? null, password);
    if (!user || !ok) {
      // The try's row stays: it is the failure.
      if (++this.failures % CLEAN_EVERY === 0) await repo.deleteStaleSignInFailures(this.deps.db, since);
      throw refusal(400, 'invalid_credentials');
    }
    // The address knew the password: its own failures on this account were typing errors.
    await repo.clearPairFailures(this.deps.db, account, address);
    if (!user.isActive) throw refusal(400, 'user_inactive');
    if (!userTypeLicensed(user.userTypeId, await this.deps.settings.licences()))
      throw refusal(400, 'licence_required');
    void lang;
    return this.issue(user, this.deps.tokens.newFamily(), userAgentOf(userAgent));
  }

  /** The 429 of a refused try, with Retry-After: when the address's failures on the account drop below 5. */
  private async lockRefusal(keys: { account: string; address: string; since: Date }, now: Date) {
    const oldest = await repo.pairFailureAt(this.deps.db, { ...keys, below: SIGN_IN_PAIR_ALLOWANCE });
    const until = (oldest?.getTime() ?? now.getTime()) + WINDOW_MS;
    const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    return refusal(429, 'sign_in_locked', {
      values: { minutes: Math.ceil(seconds / 60) },
      headers: { 'retry-after': String(seconds) },
    });
  }

  /**
   * Microsoft sign-in (002 §7.1): the popup's identity token, verified against the configured tenant,
   * client id and the tenant's keys, names the user by tenant id and object id, never by e-mail. Answers
   * the same token object as the password sign-in.
   */
  async signInWithEntra(idToken: string, userAgent?: string) {
    if (!this.deps.entra) throw refusal(400, 'entra_not_configured');
    const identity = await this.deps.entra(idToken);
    if (!identity) throw refusal(400, 'entra_token_invalid');
    const user = await findUserByEntraIdentity(this.deps.db, identity.tenantId, identity.objectId);
    if (!user) throw refusal(400, 'entra_user_unknown');
    if (!user.isActive) throw refusal(400, 'user_inactive');
    if (!userTypeLicensed(user.userTypeId, await this.deps.settings.licences()))
      throw refusal(400, 'licence_required');
    return this.issue(user, this.deps.tokens.newFamily(), userAgentOf(userAgent));
  }

  /** Rotates a refresh token; a spent or revoked one revokes its whole family (reuse detection). */
  async refresh(token: string | null, userAgent?: string) {
    if (!token) throw refusal(401, 'session_ended');
    const now = this.deps.clock.now();
    const row = await repo.findRefreshToken(this.deps.db, hashToken(token));
    if (!row) throw refusal(401, 'session_ended');
    if (
      row.usedAt ||
      row.revokedAt ||
      row.expiresAt <= now ||
      !(await repo.spendRefreshToken(this.deps.db, row.id, now))
    ) {
      if (row.usedAt || row.revokedAt) await this.endSession(row.familyId, row.userId, now);
      throw refusal(401, 'session_ended');
    }
    const user = await findUserById(this.deps.db, row.userId);
    if (!user?.isActive) throw refusal(401, 'session_ended');
    return this.issue(user, row.familyId, userAgentOf(userAgent) ?? row.userAgent);
  }

  /**
   * At start: the sign-ins ended in the last access-token lifetime, so that their access tokens are
   * refused here too (later ones arrive as `session` events). Run after the live-event cursor is set.
   */
  async loadEndedSessions(): Promise<void> {
    const now = this.deps.clock.now();
    const since = new Date(now.getTime() - ACCESS_TOKEN_SECONDS * 1000);
    for (const familyId of await repo.familiesRevokedSince(this.deps.db, since))
      this.deps.tokens.endSession(familyId, now);
  }

  async revoke(token: string | null) {
    if (!token) return;
    const row = await repo.findRefreshToken(this.deps.db, hashToken(token));
    if (row) await this.endSession(row.familyId, row.userId, this.deps.clock.now());
  }

  /**
   * Ends one sign-in: its refresh tokens are revoked, and its open live-event sockets are closed on
   * every server process (the `session` event, which no client is sent).
   */
  private async endSession(familyId: string, userId: number, at: Date) {
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await repo.revokeFamily(tx, familyId, at);
      emit({ entity: 'session', entityId: familyId, changeType: 'Delete', userId });
    });
  }

  private async issue(user: UserRow, familyId: string, userAgent: string | null) {
    const now = this.deps.clock.now();
    const refresh = this.deps.tokens.newRefreshToken();
    await repo.insertRefreshToken(this.deps.db, {
      userId: user.id,
      familyId,
      tokenHash: refresh.hash,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_DAYS * DAY_MS),
      userAgent,
    });
    const access = await this.deps.tokens.signAccess(
      {
        userId: user.id,
        userTypeId: user.userTypeId,
        sessionVersion: user.sessionVersion,
        sessionId: familyId,
      },
      now,
    );
    return {
      access_token: access,
      refresh_token: refresh.token,
      token_type: 'Bearer' as const,
      expires_in: ACCESS_TOKEN_SECONDS,
    };
  }

  private codeHash = (email: string, code: string) =>
    createHmac('sha256', this.deps.secret).update(`${email.toLowerCase()}:${code}`).digest('hex');

  /** Same answer for known and unknown addresses; at most 3 codes an address an hour. */
  async recoverPassword(email: string, lang: Lang) {
    const answer = { Success: true, Message: serverMessage('recovery_sent', lang) };
    const user = await findUserByEmail(this.deps.db, email);
    if (user?.isActive) await this.sendRecoveryCode(user);
    // An unknown address asks the same count a known one does, so the answer takes about as long.
    else
      await repo.countCodesSince(
        this.deps.db,
        email.trim().toLowerCase(),
        new Date(this.deps.clock.now().getTime() - 3_600_000),
      );
    return answer;
  }

  /** Mails the user a new recovery code; false when the address has had its 3 codes this hour. */
  async sendRecoveryCode(user: UserRow): Promise<boolean> {
    const now = this.deps.clock.now();
    const key = user.email.toLowerCase();
    if (
      (await repo.countCodesSince(this.deps.db, key, new Date(now.getTime() - 3_600_000))) >= OTP_MAX_PER_HOUR
    )
      return false;
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await repo.insertCode(this.deps.db, {
      userId: user.id,
      email: key,
      codeHash: this.codeHash(key, code),
      // The hour of the 3-codes limit is counted on the same clock as the code's expiry.
      createdAt: now,
      expiresAt: new Date(now.getTime() + RESET_CODE_MINUTES * 60_000),
    });
    const userLang = toLanguage(user.uiculture);
    // Not held on an SMTP server: the answer's time must not tell a known address from an unknown one.
    const mail = {
      to: user.email,
      subject: serverMessage('mail_reset_subject', userLang),
      text: serverMessage('mail_reset_body', userLang, {
        name: user.name,
        code,
        minutes: RESET_CODE_MINUTES,
      }),
    };
    await this.deps.mailer.post(mail);
    return true;
  }

  /** Finds the live code of an address and checks it; wrong tries count, the fifth kills the code. */
  private async checkCode(email: string, code: string, lang: Lang) {
    const fail = (key: 'otp_invalid' | 'otp_expired' | 'otp_format') => ({
      ok: false as const,
      Message: serverMessage(key, lang),
    });
    if (!isOtp(code)) return fail('otp_format');
    const key = email.trim().toLowerCase();
    const row = await repo.latestCode(this.deps.db, key);
    if (!row || row.failedTries >= OTP_MAX_TRIES) return fail('otp_invalid');
    if (row.expiresAt <= this.deps.clock.now()) return fail('otp_expired');
    // The try is counted before the comparison: tries sent side by side cannot pass the limit.
    if (!(await repo.takeTry(this.deps.db, row.id, OTP_MAX_TRIES))) return fail('otp_invalid');
    if (!timingSafeEqual(Buffer.from(row.codeHash), Buffer.from(this.codeHash(key, code))))
      return fail('otp_invalid');
    await repo.giveBackTry(this.deps.db, row.id);
    return { ok: true as const, row };
  }

  async validateOtp(email: string, code: string, lang: Lang) {
    const r = await this.checkCode(email, code, lang);
    return r.ok
      ? { Success: true, Message: serverMessage('otp_valid', lang) }
      : { Success: false, Message: r.Message };
  }

  async changePassword(email: string, code: string, password: string, lang: Lang) {
    // Refused as the documents answer this call (Success false, 001 §8), before the code is spent.
    const refusal = await newPasswordRefusal(this.deps.settings, password);
    if (refusal) return { Success: false, Message: serverMessage(refusal.key, lang, refusal.values) };
    const r = await this.checkCode(email, code, lang);
    if (!r.ok) return { Success: false, Message: r.Message };
    const now = this.deps.clock.now();
    if (!r.row.userId || !(await repo.spendCode(this.deps.db, r.row.id, now)))
      return { Success: false, Message: serverMessage('otp_invalid', lang) };
    const userId = r.row.userId;
    const hash = await hashPassword(password);
    // The user's open sockets close on the `user` event (their session version is now old).
    await changeWithEvents(this.deps.db, async (tx, emit) => {
      await setPassword(tx, userId, hash);
      await repo.revokeAllOfUser(tx, userId, now);
      // A new password lifts the throttle of the account (decision 058).
      await repo.clearAccountFailures(tx, r.row.email);
      emit({ entity: 'user', entityId: userId, changeType: 'Change', userId });
    });
    return { Success: true, Message: serverMessage('password_changed', lang) };
  }

  async userInfo(user: AuthUser): Promise<UserInfoBundle> {
    const s = this.deps.settings;
    const [Licences, ERPConfig, GlobalSettings, FieldMapping, firstTimeSeen] = await Promise.all([
      s.licences(),
      s.erp(),
      s.global(),
      s.fieldMapping(),
      this.deps.firstTimeSeen(user.id),
    ]);
    // Only the user types that exist under the present licences are named in the matrix.
    const present = (t: number) => userTypeLicensed(t, Licences);
    const AuthorizationMatrix = Object.fromEntries(
      Object.entries(PERMISSIONS).map(([name, types]) => [
        name,
        (types as readonly number[]).filter(present),
      ]),
    );
    return {
      UserInfo: {
        Id: user.id,
        Name: user.name,
        EmailAdress: user.email,
        UserTypeId: user.userTypeId,
        Uiculture: user.uiculture,
        UserLogonName: user.logonName,
        CustomerId: user.customerId,
        PartnerCompanyId: user.partnerCompanyId,
        FirstTimeMessageSeen: Number(firstTimeSeen),
      },
      Version: VERSION,
      Licences,
      ERPConfig,
      GlobalSettings: {
        ...GlobalSettings,
        Maps: {
          ...GlobalSettings.Maps,
          MapStyleUrl: this.deps.mapStyleUrl ?? null,
          MapSatelliteStyleUrl: this.deps.mapSatelliteStyleUrl ?? null,
        },
      },
      AuthorizationMatrix,
      FieldMapping,
      EventSequence: this.deps.eventSequence?.() ?? 0,
    };
  }
}
