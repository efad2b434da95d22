import { type Params, pathFor } from './access.ts';
import { legacyJobListFilter, lowerKeys, normaliseJobFilter, parseJobFilter } from './job-filter.ts';
import { LEGACY_PAGES } from './legacy-pages.ts';
import type { AppRoute } from './routes.ts';
import { allRoutes, getRoute } from './routes.ts';

/** The legacy views folder of the old site (001 §2.12; the documents do not name it). */
const LEGACY_FOLDER = 'Views';

/**
 * Route parameter → legacy query parameter names, first is the one we write; reading ignores case (001 §2.12): statusId to
 * leftmenuid, subStatusId to jobsubstatusid, articleNumber to articlenumber, contractTypeId to typeId,
 * other ids (jobId, customerId, departmentId …) to id.
 */
const LEGACY_PARAM_NAMES: Record<string, readonly string[]> = {
  statusId: ['leftmenuid', 'status', 'statusid'],
  subStatusId: ['jobsubstatusid', 'substatus', 'substatusid'],
  articleNumber: ['articlenumber'],
  contractTypeId: ['typeId'],
};

function legacyNames(route: AppRoute, param: string): readonly string[] {
  const own = LEGACY_PAGES[route.name]?.params?.[param];
  if (own) return [own];
  const known = LEGACY_PARAM_NAMES[param];
  if (known) return known;
  if (/Id$/.test(param)) return ['id', param];
  return [param];
}

export interface LegacyTarget {
  route: AppRoute;
  params: Record<string, string>;
  query: Record<string, string>;
}

function pageNameOf(address: string): { page: string; search: URLSearchParams } | null {
  let url: URL;
  try {
    url = new URL(address.trim(), 'http://legacy.invalid/');
  } catch {
    return null;
  }
  const last = url.pathname.split('/').filter(Boolean).pop();
  if (!last) return null;
  return { page: decodeURIComponent(last).toLowerCase(), search: lowerKeys(url.searchParams) };
}

function routeForPage(page: string): AppRoute | undefined {
  const candidates = page.includes('.') ? [page] : [page, `${page}.aspx`];
  return allRoutes().find((route) => {
    const legacy = LEGACY_PAGES[route.name];
    if (!legacy) return false;
    const names = [legacy.page, ...(legacy.aliases ?? [])].map((n) => n.toLowerCase());
    return candidates.some((c) => names.includes(c));
  });
}

/** The job list filter carried by legacy query parameters (leftmenuid / status and jobsubstatusid). */
function filterFromQuery(search: URLSearchParams): string {
  const explicit = normaliseJobFilter(search.get('filter'));
  if (explicit) return explicit;
  const fromStatus = legacyJobListFilter('', search);
  return fromStatus ?? 'my';
}

/**
 * The new route for an old-site address (001 §2.3 Redirect, §2.12), e.g.
 * 'https://old/Views/JobEdit.aspx?id=12' → ViewJob { filter: 'my', jobId: '12' };
 * 'JobList.aspx?leftmenuid=20&jobsubstatusid=3' → JobList { filter: 'status-20-3' }.
 * Null when the page is unknown or a required value is missing (the caller goes Home).
 */
export function mapLegacyAddress(address: string): LegacyTarget | null {
  const parsed = pageNameOf(address);
  if (!parsed) return null;
  // The old sign-in page leads to the start page (signed-out users see the sign-in page there).
  if (parsed.page === 'login.aspx') return { route: getRoute('Home'), params: {}, query: {} };
  const route = routeForPage(parsed.page);
  if (!route) return null;
  const { search } = parsed;
  const params: Record<string, string> = {};
  for (const name of route.paramNames) {
    if (name === '*') continue;
    if (name === 'filter') {
      params.filter = filterFromQuery(search);
      continue;
    }
    for (const legacyName of legacyNames(route, name)) {
      const value = search.get(legacyName.toLowerCase());
      if (value) {
        params[name] = value;
        break;
      }
    }
  }
  if (!route.requiredParams.every((name) => params[name])) return null;
  const query: Record<string, string> = {};
  for (const [routeName, legacyName] of Object.entries(LEGACY_PAGES[route.name]?.query ?? {})) {
    const value = search.get(legacyName.toLowerCase());
    if (value) query[routeName] = value;
  }
  return { route, params, query };
}

/** The address a legacy target opens in this app. */
export const legacyTargetPath = (target: LegacyTarget) =>
  pathFor(target.route, target.params, Object.keys(target.query).length ? target.query : undefined);

/**
 * The old-site page for a route (the nearest route on its chain that has one), with the parameters
 * translated to legacy query parameters; null when the old site has no such page.
 */
export function legacyAddressOf(
  route: AppRoute,
  params: Params = {},
  query: Record<string, string> = {},
): string | null {
  const owner = [...route.chain].reverse().find((r) => LEGACY_PAGES[r.name]);
  const legacy = owner && LEGACY_PAGES[owner.name];
  if (!owner || !legacy) return null;
  const out = new URLSearchParams();
  for (const name of owner.paramNames) {
    const value = params[name];
    if (!value || name === '*') continue;
    if (name === 'filter') {
      const filter = parseJobFilter(value);
      if (filter?.kind === 'status') {
        out.set('leftmenuid', String(filter.statusId));
        if (filter.subStatusId) out.set('jobsubstatusid', String(filter.subStatusId));
      } else if (filter) out.set('filter', filter.kind);
      continue;
    }
    out.set(legacyNames(owner, name)[0] as string, value);
  }
  for (const [routeName, legacyName] of Object.entries(legacy.query ?? {})) {
    const value = query[routeName];
    if (value) out.set(legacyName, value);
  }
  const search = out.toString();
  return `${LEGACY_FOLDER}/${legacy.page}${search ? `?${search}` : ''}`;
}
