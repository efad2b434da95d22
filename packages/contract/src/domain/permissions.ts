import type { UserTypeId } from './user-types.ts';

/**
 * The named permissions of 001 §6, with the user types allowed each. Sent to the client as
 * UserInfo.AuthorizationMatrix; the server checks the same table.
 */
export const PERMISSIONS = {
  'Module.MyPage': [1, 2, 3, 4, 5, 6],
  'Module.MyCar': [1, 2, 3, 5],
  'Module.HourList': [1, 2, 3, 5],
  'Module.Jobs': [1, 2, 3, 4, 5, 6],
  'Module.NewJob': [1, 2],
  'Module.Planner': [1, 2],
  'Module.PIM': [1, 2],
  'Module.Contracts': [1],
  'Module.Admin': [1],
  'Module.Customer': [1, 2, 3, 5],
  'Module.Dashboard': [1, 2, 3, 5],
  'Module.DashboardAdmin': [1],
  'Module.Partner': [1],
  'Job.Create': [1, 2, 3],
  'Job.Edit': [1, 2, 3],
  'Job.ChangeType': [1, 2, 3],
  'Job.Complete': [1, 2, 3],
  'Job.SubJob': [1, 2, 3],
  'Job.SwapAddress': [1, 2, 3],
  'Job.SwapContact': [1, 2, 3],
  'Job.SwapCustomer': [1, 3],
  /** Approve and delete are the office's: the documents leave them to the server. */
  'Job.Approve': [1, 2],
  'Job.Delete': [1, 2],
  /** Planning a job or an absence (the job's planning tab); the planner screen is Module.Planner. */
  'Appointment.Edit': [1, 2, 3],
  'Customer.Edit': [1, 2, 3],
  'Address.Edit': [1, 2, 3],
  'Contact.Edit': [1, 2, 3],
  'Machine.Edit': [1, 2, 3],
  /** Customer portal accounts; staff accounts are the Admin's alone (checked by the users service). */
  'CustomerAccount.Edit': [1, 2, 3],
  /** Upload, rename, publish and delete documents (002 §7.8). */
  'Document.Edit': [1, 2, 3],
} as const satisfies Record<string, readonly UserTypeId[]>;

export type PermissionName = keyof typeof PERMISSIONS;

export function hasPermission(permission: PermissionName, userTypeId: number): boolean {
  return (PERMISSIONS[permission] as readonly number[]).includes(userTypeId);
}
