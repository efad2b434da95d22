import { isStorableText } from '@fieldport/contract';

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
