import type { RouteDef } from './route.ts';

/** What a client needs to make a call: no schemas, so no zod in the browser's first download. */
export interface ManifestEntry {
  method: RouteDef['method'];
  path: string;
  bodyKind?: 'json' | 'form' | 'multipart';
  response: { kind: 'json' | 'binary' };
  access: { kind: 'anonymous' | 'user' };
}

export function manifestOf(routes: Record<string, RouteDef>): Record<string, ManifestEntry> {
  return Object.fromEntries(
    Object.entries(routes).map(([name, r]) => [
      name,
      {
        method: r.method,
        path: r.path,
        ...(r.bodyKind ? { bodyKind: r.bodyKind } : {}),
        response: { kind: r.response.kind },
        access: { kind: r.access.kind },
      },
    ]),
  );
}

/**
 * The manifest as text for the browser's bundle, one call a line: `name METHOD path flags`, the path
 * without its `/api2/` prefix, flags `f`/`j`/`m` for a form, JSON or multipart body, `b` for a binary
 * answer and `a` for an anonymous call. About 0.4 KB gzipped smaller than the same data as objects.
 */
export function encodeManifest(manifest: Record<string, ManifestEntry>): string {
  return Object.entries(manifest)
    .map(([name, e]) => {
      if (!e.path.startsWith(API_PREFIX) || /\s/.test(e.path))
        throw new Error(`${name}: a path must start with ${API_PREFIX} and hold no space`);
      const flags =
        (e.bodyKind?.[0] ?? '') +
        (e.response.kind === 'binary' ? 'b' : '') +
        (e.access.kind === 'anonymous' ? 'a' : '');
      return `${name} ${e.method} ${e.path.slice(API_PREFIX.length)} ${flags}`.trimEnd();
    })
    .join('\n');
}

const API_PREFIX = '/api2/';
const BODY_KINDS = { f: 'form', j: 'json', m: 'multipart' } as const;

/** The manifest from encodeManifest's text, entries as manifestOf makes them. */
export function decodeManifest(text: string): Record<string, ManifestEntry> {
  const manifest: Record<string, ManifestEntry> = {};
  for (const line of text.split('\n')) {
    const [name = '', method, path = '', flags = ''] = line.split(' ');
    const body = BODY_KINDS[flags[0] as keyof typeof BODY_KINDS];
    manifest[name] = {
      method: method as ManifestEntry['method'],
      path: API_PREFIX + path,
      ...(body ? { bodyKind: body } : {}),
      response: { kind: flags.includes('b') ? 'binary' : 'json' },
      access: { kind: flags.includes('a') ? 'anonymous' : 'user' },
    };
  }
  return manifest;
}
