import { eq } from 'drizzle-orm';
import { addresses, customerPersons, customers, jobs } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

/** What a job's message names (its placeholders) and who it goes to: the job's contact. One statement. */
export async function messageContext(db: Executor, jobId: number) {
  const [row] = await db
    .select({
      jobId: jobs.id,
      orderId: jobs.orderId,
      displayName: jobs.displayName,
      firstLineComment: jobs.firstLineComment,
      customerName: customers.name,
      customerNumber: customers.customerNumber,
      street: addresses.street,
      zip: addresses.zip,
      city: addresses.city,
      contactName: customerPersons.name,
      contactEmail: customerPersons.email,
      contactMobile: customerPersons.mobile,
      emailAllowed: customerPersons.emailAllowed,
      smsAllowed: customerPersons.smsAllowed,
      contactActive: customerPersons.isActive,
    })
    .from(jobs)
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(addresses, eq(addresses.id, jobs.deliveryAddressId))
    .leftJoin(customerPersons, eq(customerPersons.id, jobs.contactPersonId))
    .where(eq(jobs.id, jobId));
  return row ?? null;
}
export type MessageContext = NonNullable<Awaited<ReturnType<typeof messageContext>>>;
