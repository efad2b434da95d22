import { and, eq, sql } from 'drizzle-orm';
import { customerPersons, customers, machines } from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { machineScope } from '../common/scope.ts';

/**
 * The parties of a fault report's job, of a machine `user` may see (the machine scope):
 * the machine's customer, its delivery address (else the customer's default) and the customer's
 * default contact (else its first active one). Null for a machine outside the scope.
 */
export async function partiesOfMachine(db: Executor, machineId: number, user: AuthUser) {
  const [row] = await db
    .select({
      machineName: machines.name,
      customerId: machines.customerId,
      addressId: sql<
        number | null
      >`coalesce(${machines.deliveryAddressId}, ${customers.defaultDeliveryAddressId})`,
      contactId: sql<number | null>`coalesce(${customers.defaultCustomerPersonId}, (
        select min(${customerPersons.id}) from ${customerPersons}
        where ${customerPersons.customerId} = ${customers.id} and ${customerPersons.isActive}))`,
    })
    .from(machines)
    .innerJoin(customers, eq(customers.id, machines.customerId))
    .where(and(eq(machines.id, machineId), machineScope(user)));
  return row ?? null;
}
