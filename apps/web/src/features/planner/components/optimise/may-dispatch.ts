import { PERMISSIONS, type UserInfoBundle } from '@fieldport/contract';

/**
 * Who the server lets use the solver's calls (ProposePlan, OptimiseDay: the `dispatcher` access of
 * contract/routes/appointments.routes.ts, kept equal by may-dispatch.test.ts; the route table itself
 * would bring its schemas into the bundle): the AutoDispatch licence, these user types, and the
 * permission allowing the user's type (the company's matrix first).
 */
export const DISPATCH_ACCESS = {
  licence: 'AutoDispatch',
  userTypes: [1, 2] as readonly number[],
  permission: 'Module.Planner',
} as const;

/** Whether the signed-in user may optimise a day, by the very rule the server checks. */
export function mayAutoDispatch(info: UserInfoBundle | null | undefined): boolean {
  if (!info) return false;
  if (!info.Licences[DISPATCH_ACCESS.licence]) return false;
  const type = info.UserInfo.UserTypeId;
  if (!DISPATCH_ACCESS.userTypes.includes(type)) return false;
  const allowed =
    info.AuthorizationMatrix?.[DISPATCH_ACCESS.permission] ?? PERMISSIONS[DISPATCH_ACCESS.permission];
  return (allowed as readonly number[]).includes(type);
}
