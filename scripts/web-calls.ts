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

/** The quoted names in these files. */
function literalsOf(files: readonly string[]): Set<string> {
  const literals = new Set<string>();
  for (const file of files)
    for (const m of readFileSync(file, 'utf8').matchAll(/['"`]([A-Za-z][A-Za-z0-9]*)['"`]/g))
      literals.add(m[1]!);
  return literals;
}

/** The route names, in their declared order, that the web app's source names in quotes. */
export function webCallNames(routeNames: readonly string[]): string[] {
  const literals = literalsOf(sourceFiles(WEB_SOURCE));
  return routeNames.filter((name) => literals.has(name));
}

/**
 * The code of the first page, whichever it is (the sign-in page, or a stored session's shell and its
 * landing, the dashboard): the session, the client and the other shared code under lib/, the app's
 * frame, the shell, the feedback, the sign-in pages and the dashboard.
 */
const FIRST_PAGE = [
  'lib',
  'app',
  'components/shell',
  'components/feedback',
  'features/auth',
  'features/dashboard',
];

/**
 * The calls the first page's code names (tests left out): they ship in the entry's manifest; the
 * others load with the rest of the manifest on first use (decision 077). A call missed here still
 * works, one small download later.
 */
export function firstPageCallNames(webCalls: readonly string[]): string[] {
  const files = FIRST_PAGE.flatMap((dir) => sourceFiles(join(WEB_SOURCE, dir))).filter(
    (f) => !/\.test\.tsx?$/.test(f),
  );
  const literals = literalsOf(files);
  return webCalls.filter((name) => literals.has(name));
}
