import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import type { TokenKey } from './token-keys.repository.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Who makes the access tokens and who they are for; a token from elsewhere, or for elsewhere, is refused. */
export const TOKEN_ISSUER = 'fieldport';
export const TOKEN_AUDIENCE = 'fieldport-api';
/** The access token's type (RFC 9068's JWT header `typ`): only access tokens pass as access tokens. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
const VERIFIED_TOKENS_KEPT = 20_000;
export const REFRESH_TOKEN_DAYS = 30;
/** How far ahead of this server's clock a token's issue time may be (another server's clock). */
const CLOCK_SKEW_SECONDS = 60;

export interface AccessClaims {
  userId: number;
  userTypeId: number;
  sessionVersion: number;
  /** The sign-in (refresh-token family) the token was issued in; a logout ends it. Every token has one. */
  sessionId: string;
}

/** What a valid access token says, with when it stops being valid. */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: Date;
}

/** How often at most the keys are read again for a token that names a key this process does not know. */
const RELOAD_EVERY_MS = 1_000;

/**
 * Short-lived signed access tokens (HS256) and opaque refresh tokens stored only as hashes. The newest
 * key signs and names itself in the token (`kid`); any key verifies the tokens that name it, and a
 * token naming none (made before keys were named) is checked with the oldest. A key this process does
 * not know yet (another process made it) has the keys read again (`reload`), at most once a second.
 */
export class TokenService {
  private keys = new Map<string, Uint8Array>();
  private signing: { id: string; key: Uint8Array } = { id: '', key: new Uint8Array() };
  private oldest = new Uint8Array();
  /** The oldest key's secret: the one-time codes' hashes are keyed with it, whatever key signs. */
  codeSecret = '';
  private reloadedAt = 0;
  private readonly reload: (() => Promise<TokenKey[]>) | undefined;
  constructor(keys: TokenKey[] | string, reload?: () => Promise<TokenKey[]>) {
    this.reload = reload;
    this.useKeys(typeof keys === 'string' ? [{ id: '', secret: keys }] : keys);
  }

  /** Takes the keys as they now are (oldest first): the newest signs from now on. */
  useKeys(keys: TokenKey[]): void {
    const first = keys[0];
    const last = keys.at(-1);
    if (!first || !last) throw new Error('no token key');
    const encode = (secret: string) => new TextEncoder().encode(secret);
    this.keys = new Map(keys.map((k) => [k.id, encode(k.secret)]));
    this.signing = { id: last.id, key: encode(last.secret) };
    this.oldest = encode(first.secret);
    this.codeSecret = first.secret;
  }

  /** The key of a token: the one it names, read again once when unknown; the oldest when it names none. */
  private async keyOf(token: string): Promise<Uint8Array | null> {
    let kid: string | undefined;
    try {
      kid = decodeProtectedHeader(token).kid;
    } catch {
      return null;
    }
    if (kid === undefined) return this.oldest;
    const known = this.keys.get(kid);
    if (known || !this.reload || Date.now() - this.reloadedAt < RELOAD_EVERY_MS) return known ?? null;
    this.reloadedAt = Date.now();
    this.useKeys(await this.reload());
    return this.keys.get(kid) ?? null;
  }

  signAccess(c: AccessClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      ut: c.userTypeId,
      sv: c.sessionVersion,
      sid: c.sessionId,
    })
      .setProtectedHeader({
        alg: 'HS256',
        typ: ACCESS_TOKEN_TYPE,
        ...(this.signing.id ? { kid: this.signing.id } : {}),
      })
      .setSubject(String(c.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
      .sign(this.signing.key);
  }

  /** Tokens already verified, so a signature is checked once per token, not on every call. */
  private readonly verified = new Map<string, VerifiedAccess>();

  /**
   * Sign-ins (`sid`) that were ended (logout, a reused refresh token), each kept until the last access
   * token it could have issued has expired. Learned at once from this process's commits, from the
   * outbox for other processes' ones, and from the database at start (decision 024).
   */
  private readonly ended = new Map<string, number>();

  endSession(sessionId: string, now: Date): void {
    const t = now.getTime();
    this.ended.delete(sessionId);
    this.ended.set(sessionId, t + ACCESS_TOKEN_SECONDS * 1000);
    // Kept in the order they were ended, so the expired ones are at the front.
    for (const [sid, until] of this.ended) {
      if (until > t) break;
      this.ended.delete(sid);
    }
  }

  isSessionEnded(sessionId: string | undefined): boolean {
    return sessionId !== undefined && this.ended.has(sessionId);
  }

  async verifyAccess(token: string, now: Date): Promise<VerifiedAccess | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt.getTime() > now.getTime()) return known;
      this.verified.delete(token);
      return null;
    }
    const claims = await this.checkAccess(token, now);
    if (claims) {
      this.verified.set(token, claims);
      // The oldest go first; a token lives 15 minutes, so this many covers every signed-in user.
      if (this.verified.size > VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    }
    return claims;
  }

  private async checkAccess(token: string, now: Date): Promise<VerifiedAccess | null> {
    try {
      // Only HS256 (never `none` or another algorithm), our issuer and audience, an access token's
      // type, and an expiry that has not passed; the signature covers header and payload alike. A
      // sign-in (`sid`) always: a token without one could not be ended by a logout. An issue time
      // no later than the clock skew ahead: we never issue tokens for the future (issue 29).
      const key = await this.keyOf(token);
      if (!key) return null;
      const { payload } = await jwtVerify(token, key, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: ['HS256'],
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['exp', 'iat', 'sub', 'sid'],
        currentDate: now,
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.ut !== 'number' || typeof payload.sv !== 'number')
        return null;
      if (typeof payload.sid !== 'string' || payload.sid === '') return null;
      if ((payload.iat ?? 0) > now.getTime() / 1000 + CLOCK_SKEW_SECONDS) return null;
      return {
        userId,
        userTypeId: payload.ut,
        sessionVersion: payload.sv,
        sessionId: payload.sid,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    } catch {
      return null;
    }
  }

  newRefreshToken() {
    const token = randomBytes(32).toString('base64url');
    return { token, hash: hashToken(token) };
  }

  newFamily = (): string => randomUUID();
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
