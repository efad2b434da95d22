import type { FeatureKey, LicenceKey, PermissionName, UserTypeId } from '@fieldport/contract';
import type { IconName } from './route-icons.ts';

/** Where a route sends the user instead of showing a page. */
type RedirectSpec =
  | {
      /** Target route name. */
      to: string;
      /** Parameters set on the target; the current route's parameters are kept too. */
      params?: Record<string, string>;
      /** When the target is not accessible to the user, go to the first accessible menu route instead. */
      fallback?: 'firstAccessible';
      /** On tablets and phones, this target instead (Home: My page is the start page there, 001 §2.3). */
      compactTo?: string;
    }
  /** The first child the user may open. */
  | 'firstChild';

/**
 * What a route shows when app/route-pages.ts attaches no page to it: 'planned' is the
 * planned-construction page (every route not built yet), 'cards' the header-cards page of `cardsOf`
 * (default: the route's own children).
 */
type PageKind = 'planned' | 'cards';

/** An extra sidebar entry that opens a route with fixed parameters (e.g. the job list filtered 'my'). */
interface MenuLink {
  id: string;
  /** Target route name. */
  route: string;
  params: Readonly<Record<string, string>>;
  /** Key in the routes namespace. */
  displayKey: string;
  /** Name in ROUTE_ICONS (route-icons.ts). */
  icon?: IconName;
}

/** A named route of 001 §2.3–§2.11 and its metadata. The menu, tabs, cards and guards derive from these. */
export interface RouteNode {
  name: string;
  /** '/x' at top level; relative to the parent below it. Parameters as :name, optional as :name?. */
  path: string;
  /** Name in ROUTE_ICONS (route-icons.ts). */
  icon?: IconName;
  /** Key in the routes namespace (default: the name). */
  displayKey?: string;
  licence?: LicenceKey;
  feature?: FeatureKey;
  /** Named permission whose user types may open the route (UserInfo.AuthorizationMatrix, else PERMISSIONS). */
  permission?: PermissionName;
  /** Explicit authorised user types, when no named permission fits. */
  authorize?: readonly UserTypeId[];
  /**
   * Sidebar override: false keeps the route out of the sidebar (it still shows as a tab or card);
   * 'hidden' keeps it out of the sidebar, tabs and cards (reached by links only).
   */
  sidebar?: false | 'hidden';
  /** 'compact' shows the sidebar item on tablets and phones only (MyPage, 001 §2.3). */
  showOn?: 'compact';
  /** The route's children form the header's sub-menu tab bar; 'Hidden' turns it off. */
  contextMenu?: 'tabs' | 'Hidden';
  redirect?: RedirectSpec;
  page?: PageKind;
  cardsOf?: string;
  /** An embedded classic-interface page: hidden in SaaS mode. */
  legacyFrame?: boolean;
  /** Locked routes are left out of header cards. */
  locked?: boolean;
  /** Name of the count shown as the menu badge (see MenuCounts). */
  count?: string;
  menuLinks?: readonly MenuLink[];
  children?: readonly RouteNode[];
}
