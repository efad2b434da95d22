import { adminPages } from '../features/admin/pages.ts';
import { customerPages } from '../features/customers/pages.ts';
import { jobPages } from '../features/jobs/pages.ts';
import { machinePages } from '../features/machines/pages.ts';
import { taskPages } from '../features/tasks/pages.ts';
import { userPages } from '../features/users/pages.ts';

/**
 * Pages the features provide for named routes, by route name. A route's own `page` in the table
 * wins; a route with neither shows the planned-construction page. Features register here so that
 * the route table (and its metadata) stays the one place routes are declared.
 */
export const FEATURE_PAGES = {
  ...customerPages,
  ...machinePages,
  ...jobPages,
  ...userPages,
  ...adminPages,
  ...taskPages,
};
