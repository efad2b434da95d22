import { defineRoute, json, sp, users } from '../http/route.ts';
import { DashboardHome } from '../schemas/dashboard.ts';

/** The dashboard (001 §2.7): the landing page's figures, each scoped to what the caller may see. */
export const dashboardRoutes = {
  dashboardHome: defineRoute({
    method: 'GET',
    path: sp('Dashboard/Home'),
    summary:
      'The landing page’s figures: open jobs past or near their priority deadline, jobs completed and approved this week, the caller’s open tasks, and (staff) each bookable person’s day with its gaps.',
    access: users([1, 2, 3, 5], { permission: 'Module.Dashboard' }),
    response: json(DashboardHome),
  }),
} as const;
