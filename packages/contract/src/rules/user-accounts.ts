import { isCustomerType, UserType } from '../domain/user-types.ts';

/**
 * Who may manage an account of a user type (create it, change it, switch it on or off, set or reset
 * its password): Admins every account, other staff customer accounts only ('You dont have permission
 * to edit this'). Who may call at all is the call's access and permission; this is the rule after it.
 */
export const mayManageUserType = (callerTypeId: number, accountTypeId: number): boolean =>
  callerTypeId === UserType.Admin || isCustomerType(accountTypeId);

/** Only customer accounts keep a customer: a customer account needs one. */
export const keepsCustomer = (userTypeId: number): boolean => isCustomerType(userTypeId);

/** Only partner accounts keep a partner company: a partner account needs one. */
export const keepsPartnerCompany = (userTypeId: number): boolean => userTypeId === UserType.Partner;

/** Nobody switches their own account off. */
export const mayDeactivate = (callerId: number, accountId: number): boolean => callerId !== accountId;
