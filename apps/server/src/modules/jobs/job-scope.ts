import { CUSTOMER_TYPES, STAFF, UserType } from '@fieldport/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { customers, jobs } from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';

const nothing = sql`false`;

/**
 * Which jobs a user may see, as a where clause on `jobs` (no join needed): staff all, customer users
 * their own company's, partners those of the customers of their partner company. Applied in every
 * query, so another company's job is simply not there.
 */
export function jobScope(user: AuthUser): SQL | undefined {
  if ((STAFF as readonly number[]).includes(user.userTypeId)) return undefined;
  if ((CUSTOMER_TYPES as readonly number[]).includes(user.userTypeId))
    return user.customerId ? eq(jobs.customerId, user.customerId) : nothing;
  if (user.userTypeId === UserType.Partner && user.partnerCompanyId)
    return sql`${jobs.customerId} in (select ${customers.id} from ${customers} where ${customers.partnerCompanyId} = ${user.partnerCompanyId})`;
  return nothing;
}
