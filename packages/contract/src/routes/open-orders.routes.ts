import { defineRoute, json, sp, users } from '../http/route.ts';
import { OpenOrders } from '../schemas/open-orders.ts';

/** The dashboard's open orders (001 §2.7): the Admin's dashboard page. */
export const openOrderRoutes = {
  openOrders: defineRoute({
    method: 'GET',
    path: sp('Dashboard/OpenOrders'),
    summary:
      'Jobs completed or approved and not yet closed whose order lines are not invoiced: each with its totals and age, and the totals by department and by age.',
    access: users([1], { permission: 'Module.DashboardAdmin' }),
    response: json(OpenOrders),
  }),
} as const;
