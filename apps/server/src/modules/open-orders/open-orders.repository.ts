import { JOB_STATUS } from '@fieldport/contract';
import { aliasedTable, and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { customers, departments, jobs, orderLines } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';

const invoiced = aliasedTable(customers, 'invoice_customer');

/**
 * The orders not yet invoiced: parent jobs completed or approved (status 50 up to, not including,
 * closed 100) that have lines, with their customer, department and whether they are free from VAT.
 */
export function openOrderJobs(db: Executor) {
  return db
    .select({
      id: jobs.id,
      orderId: jobs.orderId,
      displayName: jobs.displayName,
      jobStatusId: jobs.jobStatusId,
      noInvoice: jobs.noInvoice,
      createdAt: jobs.createdAt,
      customerName: customers.name,
      freeFromVat: sql<boolean>`coalesce(${invoiced.freeFromVat}, ${customers.freeFromVat}, false)`,
      departmentId: jobs.orderDepartmentId,
      departmentName: departments.name,
    })
    .from(jobs)
    .leftJoin(customers, eq(customers.id, jobs.customerId))
    .leftJoin(invoiced, eq(invoiced.id, jobs.invoiceCustomerId))
    .leftJoin(departments, eq(departments.id, jobs.orderDepartmentId))
    .where(
      and(
        isNull(jobs.parentId),
        gte(jobs.jobStatusId, JOB_STATUS.Completed),
        lt(jobs.jobStatusId, JOB_STATUS.Closed),
        sql`exists (select 1 from ${orderLines} where ${orderLines.parentJobId} = ${jobs.id})`,
      ),
    )
    .orderBy(asc(jobs.createdAt), asc(jobs.id));
}

/** The lines of these orders, of machine jobs not deleted, with whether their machine job is NoInvoice. */
export function linesOfOrders(db: Executor, parentIds: readonly number[]) {
  if (parentIds.length === 0) return Promise.resolve([]);
  return db
    .select({ line: orderLines, subJobNoInvoice: jobs.noInvoice })
    .from(orderLines)
    .innerJoin(jobs, eq(jobs.id, orderLines.jobId))
    .where(
      and(inArray(orderLines.parentJobId, [...parentIds]), sql`${jobs.jobStatusId} <> ${JOB_STATUS.Deleted}`),
    );
}
