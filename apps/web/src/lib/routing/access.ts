import {
  type FeatureKey,
  type LicenceKey,
  PERMISSIONS,
  SUPER_ADMIN_LOGON,
  type UserInfoBundle,
} from '@fieldport/contract';
import { type AppRoute, findRoute, getRoute, type RequiredParams, ROUTES, type RouteName } from './routes.ts';

/** What the route checks need to know about the signed-in user and the site. */
export interface AccessContext {
  userTypeId: number;
  licences: Partial<Record<LicenceKey, boolean>>;
  features: Partial<Record<FeatureKey, boolean>>;
  /** Hosted mode: embedded classic-interface pages are hidden. */
  isSaas: boolean;
  /** UserInfo.AuthorizationMatrix: named permission → allowed user types. Falls back to PERMISSIONS. */
  matrix?: Readonly<Record<string, readonly number[]>>;
  isSuperAdmin?: boolean;
}

export function accessContextOf(info: UserInfoBundle): AccessContext {
  return {
    userTypeId: info.UserInfo.UserTypeId,
    licences: info.Licences,
    features: info.GlobalSettings.Features,
    isSaas: info.GlobalSettings.IsSaasMode,
    matrix: info.AuthorizationMatrix,
    isSuperAdmin: info.UserInfo.UserLogonName === SUPER_ADMIN_LOGON,
  };
}

/** The user types a route itself allows (its permission or explicit list); null when it does not restrict. */
function authorizedTypes(route: AppRoute, ctx: Pick<AccessContext, 'matrix'>): readonly number[] | null {
  if (route.authorize) return route.authorize;
  if (route.permission) return ctx.matrix?.[route.permission] ?? PERMISSIONS[route.permission];
  return null;
}

type Denial = 'licence' | 'feature' | 'userType' | 'saas';
export type RouteCheck = { ok: true } | { ok: false; reason: Denial; at: AppRoute };

/**
 * Whether the user may open a route: every route on its chain must be licensed, have its feature on,
 * allow the user type, and (in SaaS mode) not be an embedded classic page. The first failure wins,
 * checked in that order along the chain from the top.
 */
export function checkRoute(route: AppRoute, ctx: AccessContext): RouteCheck {
  for (const step of route.chain) {
    if (step.licence && !ctx.licences[step.licence]) return { ok: false, reason: 'licence', at: step };
    if (step.feature && !ctx.features[step.feature]) return { ok: false, reason: 'feature', at: step };
    const types = authorizedTypes(step, ctx);
    if (types && !types.includes(ctx.userTypeId)) return { ok: false, reason: 'userType', at: step };
    if (step.legacyFrame && ctx.isSaas) return { ok: false, reason: 'saas', at: step };
  }
  return { ok: true };
}

const canOpen = (route: AppRoute, ctx: AccessContext) => checkRoute(route, ctx).ok;

export type Params = Readonly<Record<string, string | undefined>>;

/** Whether every required parameter of the route is known. */
export const isLinkable = (route: AppRoute, params: Params = {}) =>
  route.requiredParams.every((name) => params[name] !== undefined && params[name] !== '');

/** The parameters pathFor needs for a route name: its required ones must be given (as keys). */
type ParamsFor<Name extends RouteName> = [RequiredParams<Name>] extends [never]
  ? [params?: Params, query?: Record<string, string>]
  : [params: Params & Record<RequiredParams<Name>, string | undefined>, query?: Record<string, string>];

/**
 * The address of a route, by its name or its resolved route, with parameters filled in; optional
 * parameters that are missing drop out. By name, a name the table does not declare and a required
 * parameter left out are type errors; at run time a required parameter without a value throws.
 */
export function pathFor<Name extends RouteName>(route: Name, ...rest: ParamsFor<Name>): string;
export function pathFor(route: AppRoute, params?: Params, query?: Record<string, string>): string;
export function pathFor(
  route: AppRoute | RouteName,
  params: Params = {},
  query?: Record<string, string>,
): string {
  const target = typeof route === 'string' ? getRoute(route) : route;
  let path = target.fullPath
    .replace(/\/:([A-Za-z]+)(\?)?/g, (_, name: string, optional?: string) => {
      const value = params[name];
      if (value === undefined || value === '') {
        if (optional) return '';
        throw new Error(`Missing parameter ${name} for route ${target.name}`);
      }
      return `/${encodeURIComponent(value)}`;
    })
    .replace(/\/\*$/, () => (params['*'] ? `/${params['*']}` : ''));
  if (path === '') path = '/';
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** A sidebar entry. */
export interface MenuNode {
  id: string;
  route: AppRoute;
  displayKey: string;
  icon: AppRoute['icon'];
  to: string;
  count?: string;
  children: MenuNode[];
}

export interface MenuOptions {
  /** Tablets and phones: shows the items marked showOn 'compact' (MyPage). */
  compact: boolean;
}

const inSidebar = (route: AppRoute, opts: MenuOptions) =>
  route.sidebar === undefined && (route.showOn !== 'compact' || opts.compact);

function menuNodes(routes: readonly AppRoute[], ctx: AccessContext, opts: MenuOptions): MenuNode[] {
  const out: MenuNode[] = [];
  for (const route of routes) {
    if (!inSidebar(route, opts) || !isLinkable(route) || !canOpen(route, ctx)) continue;
    const links: MenuNode[] = [];
    for (const link of route.menuLinks ?? []) {
      const target = findRoute(link.route);
      if (!target || !canOpen(target, ctx) || !isLinkable(target, link.params)) continue;
      links.push({
        id: link.id,
        route: target,
        displayKey: link.displayKey,
        icon: link.icon ?? target.icon,
        to: pathFor(target, link.params),
        children: [],
      });
    }
    out.push({
      id: route.name,
      route,
      displayKey: route.displayKey,
      icon: route.icon,
      to: pathFor(route),
      ...(route.count ? { count: route.count } : {}),
      children: [...links, ...menuNodes(route.children, ctx, opts)],
    });
  }
  return out;
}

/**
 * The sidebar (001 §2.2): the route table filtered to what the user may open, with licence, feature,
 * user type, sidebar override and SaaS rules applied. Routes that need a parameter are left out.
 */
export function buildMenu(ctx: AccessContext, opts: MenuOptions): MenuNode[] {
  return menuNodes(ROUTES, ctx, opts);
}

/** The sub-menu tab bar for the active route: the children of its nearest ancestor with a context menu. */
export function tabsFor(
  active: AppRoute,
  ctx: AccessContext,
  params: Params,
): { owner: AppRoute; tabs: { route: AppRoute; to: string }[]; activeTab: AppRoute | null } | null {
  for (let i = active.chain.length - 1; i >= 0; i--) {
    const owner = active.chain[i] as AppRoute;
    if (owner.contextMenu === 'Hidden') return null;
    if (owner.contextMenu !== 'tabs') continue;
    const tabs = owner.children
      .filter((child) => child.sidebar !== 'hidden' && canOpen(child, ctx) && isLinkable(child, params))
      .map((child) => ({
        route: child,
        // Optional parameters of the tab itself (e.g. planning/:appointmentId?) are not carried over.
        to: pathFor(child, pickParams(params, owner.paramNames)),
      }));
    const activeTab = owner.children.find((child) => active.chain.includes(child)) ?? null;
    return { owner, tabs, activeTab };
  }
  return null;
}

const pickParams = (params: Params, names: readonly string[]) =>
  Object.fromEntries(names.filter((n) => params[n] !== undefined).map((n) => [n, params[n]])) as Params;

export interface HeaderCard {
  route: AppRoute;
  to: string;
  links: { route: AppRoute; to: string }[];
}

const showsAsCard = (route: AppRoute, ctx: AccessContext, params: Params) =>
  route.sidebar !== 'hidden' &&
  !route.locked &&
  !(route.legacyFrame && ctx.isSaas) &&
  canOpen(route, ctx) &&
  isLinkable(route, params);

/**
 * A header-cards page (001 §2.2): the parent's child routes as cards with their own children as
 * sub-links, hiding locked, unlicensed, feature-disabled, not permitted and (SaaS) classic pages.
 */
export function cardsFor(
  parent: AppRoute,
  ctx: AccessContext,
  params: Params = {},
  exclude?: AppRoute,
): HeaderCard[] {
  return parent.children
    .filter((child) => child !== exclude && !(child.page === 'cards' && child.cardsOf === parent.name))
    .filter((child) => showsAsCard(child, ctx, params))
    .map((child) => ({
      route: child,
      to: pathFor(child, params),
      links: child.children
        .filter((grandChild) => showsAsCard(grandChild, ctx, params))
        .map((grandChild) => ({ route: grandChild, to: pathFor(grandChild, params) })),
    }));
}

/** Where a redirecting route leads, or null when there is nowhere the user may go. */
export function resolveRedirect(
  route: AppRoute,
  params: Params,
  ctx: AccessContext,
  opts: MenuOptions = { compact: false },
): { route: AppRoute; params: Params } | null {
  const spec = route.redirect;
  if (!spec) return null;
  if (spec === 'firstChild') {
    const child = route.children.find(
      (c) => c.sidebar !== 'hidden' && !c.path.includes('*') && canOpen(c, ctx) && isLinkable(c, params),
    );
    return child ? { route: child, params } : null;
  }
  const compact = opts.compact && spec.compactTo ? findRoute(spec.compactTo) : undefined;
  const target = compact && canOpen(compact, ctx) ? compact : findRoute(spec.to);
  if (!target) return null;
  const targetParams = { ...params, ...spec.params };
  if (canOpen(target, ctx) || spec.fallback !== 'firstAccessible')
    return { route: target, params: targetParams };
  const first = buildMenu(ctx, opts)[0];
  return first ? { route: first.route, params: {} } : null;
}
