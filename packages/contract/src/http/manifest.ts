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
