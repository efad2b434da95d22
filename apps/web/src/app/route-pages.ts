import { lazy } from 'react';
import { adminPages } from '../features/admin/pages.ts';
import { customerPages } from '../features/customers/pages.ts';
import { jobPages } from '../features/jobs/pages.ts';
import { machinePages } from '../features/machines/pages.ts';
import { taskPages } from '../features/tasks/pages.ts';
import { userPages } from '../features/users/pages.ts';
import type { RoutePages } from '../lib/routing/routes.ts';

/** The shell's own pages (app/pages), each loaded when first shown. */
const shellPages: RoutePages = {
  JobList: lazy(() => import('./pages/JobListRoutePage.tsx')),
  JobLegacyList: lazy(() => import('./pages/JobLegacyRedirectPage.tsx')),
  About: lazy(() => import('./pages/AboutPage.tsx')),
  Logout: lazy(() => import('./pages/LogoutPage.tsx')),
  Redirect: lazy(() => import('./pages/AutoRedirectPage.tsx')),
  OldSite: lazy(() => import('./pages/OldSitePage.tsx')),
  NotFound: lazy(() => import('./pages/NotFoundPage.tsx')),
};

/**
 * The one place pages are attached to the route table (lib/routing/routes.ts, plain data): each
 * feature's `pages.ts` (its pages by route name), then the shell's pages, which win (JobList is the
 * shell's filter check in front of the jobs feature's list). A route with no page here shows its
 * `page` kind from the table ('cards'), else the planned-construction page. A key that is not a route
 * name is a type error.
 */
export const ROUTE_PAGES: RoutePages = {
  ...customerPages,
  ...machinePages,
  ...jobPages,
  ...userPages,
  ...adminPages,
  ...taskPages,
  ...shellPages,
};
