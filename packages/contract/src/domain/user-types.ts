/** User type ids of the documents (001 §6). */
export const UserType = {
  Admin: 1,
  Technician: 2,
  Subcontractor: 3,
  CustomerManager: 4,
  Partner: 5,
  CustomerEmployee: 6,
} as const;

export type UserTypeId = (typeof UserType)[keyof typeof UserType];

export const ALL_USER_TYPES: readonly UserTypeId[] = [1, 2, 3, 4, 5, 6];
/** Admin, Technician, Subcontractor: the service provider's own people. */
export const STAFF: readonly UserTypeId[] = [1, 2, 3];
export const CUSTOMER_TYPES: readonly UserTypeId[] = [4, 6];

/** Whether a user type is staff (Admin, Technician, Subcontractor). */
export const isStaff = (userTypeId: number): boolean => (STAFF as readonly number[]).includes(userTypeId);
/** Whether a user type is a customer's (Customer manager, Customer employee). */
export const isCustomerType = (userTypeId: number): boolean =>
  (CUSTOMER_TYPES as readonly number[]).includes(userTypeId);

/** The super admin is the user whose logon name is 'serviceprovider' (001 §3). */
export const SUPER_ADMIN_LOGON = 'serviceprovider';

export const userTypeKey: Record<UserTypeId, string> = {
  1: 'admin',
  2: 'technician',
  3: 'subcontractor',
  4: 'customerManager',
  5: 'partner',
  6: 'customerEmployee',
};
