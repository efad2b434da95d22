import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/** The own account's and this browser's settings pages by route name (app/route-pages.ts attaches them). */
export const accountPages: RoutePages = {
  MyAccount: lazy(() => import('./MyAccountPage.tsx')),
  SiteSettings: lazy(() => import('./SiteSettingsPage.tsx')),
};
