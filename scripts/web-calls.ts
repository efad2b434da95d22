// The API calls the web app makes: the route names written as string literals in apps/web/src (the
// client is called by name, `callApi('customerFiltered', …)`). The web's manifest holds only these
// (scripts/generate-api-manifest.ts); `callApi` takes only these names, so a call the manifest lacks
// is a type error until `npm run generate` is run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const WEB_SOURCE = join(import.meta.dirname, '../apps/web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

/** The route names, in their declared order, that the web app's source names in quotes. */
export function webCallNames(routeNames: readonly string[]): string[] {
  const literals = new Set<string>();
  for (const file of sourceFiles(WEB_SOURCE))
    for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([A-Za-z][A-Za-z0-9]*)['"`]/g))
      literals.add(m[1]!);
  return routeNames.filter((name) => literals.has(name));
}
