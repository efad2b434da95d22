import { lazy } from 'react';
import type { RoutePages } from '../../lib/routing/routes.ts';

/**
 * The Admin's organisation pages (issue 16) by route name: departments (list, info, users), projects
 * (ProjectsEnabled) and leads with their types (LeadsEnabled); app/route-pages.ts attaches them.
 */
const projects = () => import('./components/ProjectPages.tsx');
const leads = () => import('./components/LeadPages.tsx');
const departments = () => import('./components/DepartmentPages.tsx');

export const orgPages: RoutePages = {
  DepartmentList: lazy(() => departments().then((m) => ({ default: m.DepartmentListPage }))),
  DepartmentInfo: lazy(() => departments().then((m) => ({ default: m.DepartmentInfoPage }))),
  DepartmentUsers: lazy(() => departments().then((m) => ({ default: m.DepartmentUsersPage }))),
  ProjectList: lazy(() => projects().then((m) => ({ default: m.ProjectListPage }))),
  ProjectInfo: lazy(() => projects().then((m) => ({ default: m.ProjectInfoPage }))),
  LeadList: lazy(() => leads().then((m) => ({ default: m.LeadListPage }))),
  LeadTypes: lazy(() => leads().then((m) => ({ default: m.LeadTypesPage }))),
};
