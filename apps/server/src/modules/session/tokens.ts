import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { isStorableText } from '@fieldport/contract';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
/** Who makes the access tokens and who they are for; a token from elsewhere, or for elsewhere, is refused. */
export const TOKEN_ISSUER = 'fieldport';
export const TOKEN_AUDIENCE = 'fieldport-api';
/** The access token's type (RFC 9068's JWT header `typ`): only access tokens pass as access tokens. */
export const ACCESS_TOKEN_TYPE = 'at+jwt';
const VERIFIED_TOKENS_KEPT = 20_000;
export const REFRESH_TOKEN_DAYS = 30;

export interface AccessClaims {
  userId: number;
  userTypeId: number;
  sessionVersion: number;
  /** The sign-in (refresh-token family) the token was issued in; a logout ends it. */
  sessionId?: string | undefined;
}

/** What a valid access token says, with when it stops being valid. */
export interface VerifiedAccess extends AccessClaims {
  expiresAt: Date;
}

/** Short-lived signed access tokens (HS256) and opaque refresh tokens stored only as hashes. */
export class TokenService {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  signAccess(c: AccessClaims, now: Date): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      ut: c.userTypeId,
      sv: c.sessionVersion,
      ...(c.sessionId ? { sid: c.sessionId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
      .setSubject(String(c.userId))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
      .sign(this.key);
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
      // type, and an expiry that has not passed; the signature covers header and payload alike.
      const { payload } = await jwtVerify(token, this.key, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: ['HS256'],
        typ: ACCESS_TOKEN_TYPE,
        requiredClaims: ['exp', 'iat', 'sub'],
        currentDate: now,
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.ut !== 'number' || typeof payload.sv !== 'number')
        return null;
      return {
        userId,
        userTypeId: payload.ut,
        sessionVersion: payload.sv,
        sessionId: typeof payload.sid === 'string' ? payload.sid : undefined,
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

/** Reads 'Bearer x' from an Authorization header. */
export function bearerOf(header: string | undefined): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m?.[1] ?? null;
}

/** Reads 'Basic base64(email:password)'. */
export function basicOf(header: string | undefined): { email: string; password: string } | null {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  // No account has a NUL or a lone surrogate in its e-mail or password (the database refuses them).
  if (colon < 0 || !isStorableText(decoded)) return null;
  return { email: decoded.slice(0, colon).trim(), password: decoded.slice(colon + 1) };
}
