/** A scheduler row's user (Scheduler/Resources, 000 §3). */
export interface Resource {
  id: number;
  name: string;
  departmentId: number | null;
  type: number;
  /** Their own working hours, "HH:mm" (decision 097); null or absent: the company's on that side. */
  workStart?: string | null | undefined;
  workEnd?: string | null | undefined;
  /** The weekdays whose hours differ (decision 100). */
  workDays?:
    | readonly { weekday: number; off: boolean; workStart: string | null; workEnd: string | null }[]
    | undefined;
}

/** PlannerUserGroupBy (000 §2 settings): ungrouped, by user type or by department. */
export type UserGroupBy = 'none' | 'type' | 'department';
export const USER_GROUP_BYS: readonly UserGroupBy[] = ['none', 'type', 'department'];

/** A row of the timeline: a group's heading or a user. */
export type TimelineRow =
  | { kind: 'group'; key: string; by: Exclude<UserGroupBy, 'none'>; value: number | null }
  | { kind: 'user'; key: string; resource: Resource };

export const ROW_HEIGHT = 50;

interface RowOptions {
  groupBy: UserGroupBy;
  /** PlannerHiddenUserList: users left out. */
  hidden: readonly number[];
  /** PlannerDepartmentList: only users of these departments; all when empty. */
  departments: readonly number[];
}

const userRow = (resource: Resource): TimelineRow => ({ kind: 'user', key: `u${resource.id}`, resource });

/**
 * The rows of the timeline: the users (by name, as the server gives them) without the hidden ones and,
 * when departments are chosen, only theirs; grouped under a heading per user type or department (those
 * without a department last).
 */
export function timelineRows(resources: readonly Resource[], options: RowOptions): TimelineRow[] {
  const hidden = new Set(options.hidden);
  const departments = new Set(options.departments);
  const shown = resources.filter(
    (r) =>
      !hidden.has(r.id) &&
      (departments.size === 0 || (r.departmentId !== null && departments.has(r.departmentId))),
  );
  if (options.groupBy === 'none') return shown.map(userRow);
  const by = options.groupBy;
  const groupValue = (r: Resource) => (by === 'type' ? r.type : r.departmentId);
  const groups = new Map<number | null, Resource[]>();
  for (const r of shown) {
    const value = groupValue(r);
    groups.set(value, [...(groups.get(value) ?? []), r]);
  }
  const order = [...groups.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  return order.flatMap((value) => [
    { kind: 'group' as const, key: `g${by}${value}`, by, value },
    ...(groups.get(value) ?? []).map(userRow),
  ]);
}

/** The index of the user row above (-1) or below (1) a row, skipping headings; null at either end. */
export function neighbourUserRow(
  rows: readonly TimelineRow[],
  index: number,
  direction: 1 | -1,
): number | null {
  for (let i = index + direction; i >= 0 && i < rows.length; i += direction) {
    if (rows[i]?.kind === 'user') return i;
  }
  return null;
}
