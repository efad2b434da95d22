import { createRemoteJWKSet, errors, jwtVerify } from 'jose';

/** Microsoft sign-in's configuration (ENTRA_TENANT_ID, ENTRA_CLIENT_ID, ENTRA_AUTHORITY, ENTRA_JWKS_URL). */
export interface EntraConfig {
  /** The directory (tenant) id whose users may sign in: a GUID, never 'common' or 'organizations'. */
  tenantId: string;
  /** The application (client) id registered in that tenant: the identity token's audience. */
  clientId: string;
  /** The sign-in host, default https://login.microsoftonline.com. */
  authority: string;
  /** Where the tenant's signing keys are published; default the authority's v2.0 keys of the tenant. */
  jwksUrl: string;
  /** The least time between two fetches of the key set (default 30 s; tests set 0). */
  keyRefetchCooldownMs?: number;
}

/** The Entra identity an identity token proves: tenant id and the user's object id in it. */
export interface EntraIdentity {
  tenantId: string;
  objectId: string;
}

export type EntraVerifier = (idToken: string) => Promise<EntraIdentity | null>;

/**
 * Verifies Microsoft identity tokens (v2.0) against the tenant's published keys. The key set is fetched
 * when first needed, kept, and fetched again when a token names a key id it does not hold (Microsoft
 * rotates keys), at most every 30 seconds. A token that is not signed by the tenant's keys, expired, for
 * another audience, issued by another tenant or without tid/oid gives null.
 */
export function createEntraVerifier(config: EntraConfig): EntraVerifier {
  const keys = createRemoteJWKSet(new URL(config.jwksUrl), {
    cooldownDuration: config.keyRefetchCooldownMs ?? 30_000,
    cacheMaxAge: 24 * 3_600_000,
    timeoutDuration: 5_000,
  });
  const issuer = `${config.authority.replace(/\/+$/, '')}/${config.tenantId}/v2.0`;
  return async (idToken) => {
    try {
      const { payload } = await jwtVerify(idToken, keys, {
        issuer,
        audience: config.clientId,
        algorithms: ['RS256'],
        clockTolerance: 60,
        requiredClaims: ['exp', 'iat', 'tid', 'oid'],
      });
      const tid = payload.tid;
      const oid = payload.oid;
      if (typeof tid !== 'string' || typeof oid !== 'string' || tid !== config.tenantId) return null;
      return { tenantId: tid, objectId: oid };
    } catch (e) {
      // A token that does not verify is the caller's fault; a key set that cannot be fetched is ours.
      if (e instanceof errors.JWKSTimeout || (e instanceof Error && e.name === 'TypeError')) throw e;
      return null;
    }
  };
}
