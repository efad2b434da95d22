import type { DocumentEntityClass } from '@fieldport/contract';
import { and, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import {
  articles,
  customers,
  documents,
  jobs,
  machineModels,
  machines,
  machineTypes,
  suppliers,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { customerScope, machineScope } from '../common/scope.ts';
import { jobScope } from '../jobs/job-scope.ts';
import { documentsPolicy } from './documents.policy.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocumentRow = typeof documents.$inferInsert;

/** The record documents belong to: its name, and the customer and machine its change log lines name. */
export interface EntityRef {
  name: string;
  customerId: number | null;
  machineId: number | null;
}

const none = sql<number | null>`null`;

/** Some machine within `scope` meets `link` (uses the model, type or supplier): for customer users. */
const usedBy = (link: SQL, scope: SQL | undefined, db: Executor) =>
  scope
    ? exists(
        db
          .select({ one: sql`1` })
          .from(machines)
          .leftJoin(machineModels, eq(machineModels.id, machines.machineModelId))
          .where(and(link, scope)),
      )
    : undefined;

/** Which records of `entityClass` the user may see, as a where clause (see findEntity). */
function scopeOf(user: AuthUser, entityClass: DocumentEntityClass): SQL | undefined {
  switch (entityClass) {
    case 'Machine':
      return machineScope(user);
    case 'Customer':
      return customerScope(user);
    case 'Job':
      return jobScope(user);
    case 'Article':
      // Articles are the staff's alone (purchase prices, stock): anyone else finds none.
      return documentsPolicy.seesArticles(user) ? undefined : sql`false`;
    default:
      // Staff and partners read all reference data; customer users only what their machines use.
      return documentsPolicy.referenceThroughOwnMachines(user) ? machineScope(user) : undefined;
  }
}

/**
 * The record `entityClass` `id` when `user` may see it, else null. For models, types and suppliers
 * the scope may be a machine scope: the record counts only when a machine in it uses the record.
 */
export async function findEntity(
  db: Executor,
  entityClass: DocumentEntityClass,
  id: number,
  user: AuthUser,
): Promise<EntityRef | null> {
  const scope = scopeOf(user, entityClass);
  switch (entityClass) {
    case 'Machine':
      return first(
        db
          .select({ name: machines.name, customerId: machines.customerId, machineId: machines.id })
          .from(machines)
          .where(and(eq(machines.id, id), scope)),
      );
    case 'Customer':
      return first(
        db
          .select({ name: customers.name, customerId: customers.id, machineId: none })
          .from(customers)
          .where(and(eq(customers.id, id), scope)),
      );
    case 'Job':
      return first(
        db
          .select({ name: jobs.displayName, customerId: jobs.customerId, machineId: none })
          .from(jobs)
          .where(and(eq(jobs.id, id), scope)),
      );
    case 'MachineModel':
      return first(
        db
          .select({ name: machineModels.name, customerId: none, machineId: none })
          .from(machineModels)
          .where(and(eq(machineModels.id, id), usedBy(eq(machines.machineModelId, id), scope, db))),
      );
    case 'MachineType':
      return first(
        db
          .select({ name: machineTypes.name, customerId: none, machineId: none })
          .from(machineTypes)
          .where(and(eq(machineTypes.id, id), usedBy(eq(machineModels.machineTypeId, id), scope, db))),
      );
    case 'Article':
      return first(
        db
          .select({ name: articles.name, customerId: none, machineId: none })
          .from(articles)
          .where(and(eq(articles.id, id), scope)),
      );
    case 'Supplier':
      return first(
        db
          .select({ name: suppliers.name, customerId: none, machineId: none })
          .from(suppliers)
          .where(and(eq(suppliers.id, id), usedBy(eq(machineModels.supplierId, id), scope, db))),
      );
  }
}

async function first(query: Promise<EntityRef[]>): Promise<EntityRef | null> {
  return (await query)[0] ?? null;
}

/** The documents of a record, newest first; only those published to customers when `publishedOnly`. */
export async function listDocuments(
  db: Executor,
  entityClass: DocumentEntityClass,
  entityId: number,
  publishedOnly: boolean,
): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.entityClass, entityClass),
        eq(documents.entityId, entityId),
        publishedOnly ? eq(documents.publishToCustomer, true) : undefined,
      ),
    )
    .orderBy(desc(documents.id));
}

export async function findDocument(db: Executor, id: number, lock = false): Promise<DocumentRow | null> {
  const q = db.select().from(documents).where(eq(documents.id, id));
  return (await (lock ? q.for('update') : q))[0] ?? null;
}

export async function findDocumentByPath(db: Executor, storagePath: string): Promise<DocumentRow | null> {
  return (await db.select().from(documents).where(eq(documents.storagePath, storagePath)))[0] ?? null;
}

export async function insertDocuments(tx: Executor, rows: NewDocumentRow[]): Promise<DocumentRow[]> {
  return tx.insert(documents).values(rows).returning();
}

export async function updateDocument(
  tx: Executor,
  id: number,
  values: Partial<Pick<NewDocumentRow, 'name' | 'documentTypeCategoryId' | 'publishToCustomer'>>,
): Promise<DocumentRow> {
  const [row] = await tx
    .update(documents)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(documents.id, id))
    .returning();
  return row!;
}

export async function deleteDocument(tx: Executor, id: number): Promise<void> {
  await tx.delete(documents).where(eq(documents.id, id));
}
