/**
 * How long after the signed-in page mounts the parts that need not be in its first download load
 * (the live-event client, the task watcher): like the map and the planner, they come once the first
 * page has settled (decision 012).
 */
export const AFTER_FIRST_PAGE_MS = 1_500;
