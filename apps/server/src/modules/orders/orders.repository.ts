import { eq } from 'drizzle-orm';
import { customers, departments, projects } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

export async function departmentExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id));
  return !!row;
}

/** Whether the project exists (the order options' ProjectId). */
export async function projectExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, id));
  return !!row;
}

/** The customer an order is invoiced to, with its VAT exemption. */
export async function invoiceCustomer(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: customers.id,
      customerNumber: customers.customerNumber,
      name: customers.name,
      freeFromVat: customers.freeFromVat,
    })
    .from(customers)
    .where(eq(customers.id, id));
  return row ?? null;
}
