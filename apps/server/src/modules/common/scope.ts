import { isCustomerType, isStaff as isStaffType, UserType } from '@fieldport/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { customers, machines } from '../../db/schema/index.ts';
import type { AuthUser } from './caller.ts';

const isStaff = (u: AuthUser) => isStaffType(u.userTypeId);
const isCustomerUser = (u: AuthUser) => isCustomerType(u.userTypeId);
const nothing = sql`false`;

/**
 * Which customers a user may see, as a where clause: staff all, customer users their own company,
 * partners the customers of their partner company. Applied in every query, so another company's
 * record is simply not found.
 */
export function customerScope(user: AuthUser): SQL | undefined {
  if (isStaff(user)) return undefined;
  if (isCustomerUser(user)) return user.customerId ? eq(customers.id, user.customerId) : nothing;
  if (user.userTypeId === UserType.Partner)
    return user.partnerCompanyId ? eq(customers.partnerCompanyId, user.partnerCompanyId) : nothing;
  return nothing;
}

/** Which machines a user may see: staff all, customer users their company's, partners their own. */
export function machineScope(user: AuthUser): SQL | undefined {
  if (isStaff(user)) return undefined;
  if (isCustomerUser(user)) return user.customerId ? eq(machines.customerId, user.customerId) : nothing;
  if (user.userTypeId === UserType.Partner)
    return user.partnerCompanyId ? eq(machines.partnerCompanyId, user.partnerCompanyId) : nothing;
  return nothing;
}
