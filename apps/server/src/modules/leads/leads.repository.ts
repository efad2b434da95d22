import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { leads, leadTypes } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;
export type LeadTypeRow = typeof leadTypes.$inferSelect;

/* lead types */

const leadCount = sql<number>`(select count(*)::int from ${leads} l where l.lead_type_id = ${leadTypes}.id)`;

export interface LeadTypeFilter {
  word?: string | null | undefined;
  ids?: number[];
  excludeIds?: number[];
}

function typeWhere(f: LeadTypeFilter): SQL | undefined {
  return and(
    hasWord(f.word) ? ilike(leadTypes.name, containing(f.word)) : undefined,
    f.ids ? inArray(leadTypes.id, f.ids.length ? f.ids : [0]) : undefined,
    f.excludeIds?.length ? notInArray(leadTypes.id, f.excludeIds) : undefined,
  );
}

export async function listLeadTypes(db: Executor, f: LeadTypeFilter, page: number, perPage: number) {
  return db
    .select({ type: leadTypes, leadCount })
    .from(leadTypes)
    .where(typeWhere(f))
    .orderBy(asc(sql`lower(${leadTypes.name})`), asc(leadTypes.id))
    .limit(perPage)
    .offset(offsetOf(page, perPage));
}

export async function countLeadTypes(db: Executor, f: LeadTypeFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leadTypes).where(typeWhere(f));
  return row?.n ?? 0;
}

export async function findLeadType(db: Executor, id: number) {
  const [row] = await db.select({ type: leadTypes, leadCount }).from(leadTypes).where(eq(leadTypes.id, id));
  return row ?? null;
}

/** The lead type holding `name` whatever its case (other than `exceptId`), to name it in a 409. */
export async function sameTypeName(db: Executor, name: string, exceptId?: number) {
  const [row] = await db
    .select({ id: leadTypes.id, name: leadTypes.name })
    .from(leadTypes)
    .where(
      and(
        eq(sql`lower(${leadTypes.name})`, name.toLowerCase()),
        exceptId ? ne(leadTypes.id, exceptId) : undefined,
      ),
    );
  return row ?? null;
}

export async function insertLeadType(db: Executor, values: typeof leadTypes.$inferInsert): Promise<number> {
  const [row] = await db.insert(leadTypes).values(values).returning({ id: leadTypes.id });
  if (!row) throw new Error('insert into lead_types returned no row');
  return row.id;
}

export async function updateLeadType(
  db: Executor,
  id: number,
  values: Partial<typeof leadTypes.$inferInsert>,
  rowVersion?: number,
): Promise<boolean> {
  const where = versionedWhere(leadTypes.id, id, leadTypes.rowVersion, rowVersion);
  const rows = nothingToSet(values)
    ? await db.select({ id: leadTypes.id }).from(leadTypes).where(where)
    : await db
        .update(leadTypes)
        .set({ ...values, rowVersion: nextVersion(leadTypes.rowVersion) })
        .where(where)
        .returning({ id: leadTypes.id });
  return rows.length > 0;
}

export async function deleteLeadType(db: Executor, id: number) {
  await db.delete(leadTypes).where(eq(leadTypes.id, id));
}

/* leads */

export interface LeadFilter {
  word?: string | null | undefined;
  typeId?: number | undefined;
  includeConverted?: boolean | undefined;
}

function leadWhere(f: LeadFilter): SQL | undefined {
  return and(
    hasWord(f.word)
      ? or(
          ilike(leads.name, containing(f.word)),
          ilike(leads.contactName, containing(f.word)),
          ilike(leads.email, containing(f.word)),
          ilike(leads.city, containing(f.word)),
        )
      : undefined,
    f.typeId ? eq(leads.leadTypeId, f.typeId) : undefined,
    f.includeConverted ? undefined : isNull(leads.convertedAt),
  );
}

const leadSelect = { lead: leads, typeName: leadTypes.name };

export async function listLeads(db: Executor, f: LeadFilter, page: number, perPage: number) {
  return db
    .select(leadSelect)
    .from(leads)
    .leftJoin(leadTypes, eq(leadTypes.id, leads.leadTypeId))
    .where(leadWhere(f))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(perPage)
    .offset(offsetOf(page, perPage));
}

export async function countLeads(db: Executor, f: LeadFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(leadWhere(f));
  return row?.n ?? 0;
}

/** One lead with its type's name; `lock` takes the row for a change (the conversion). */
export async function findLead(db: Executor, id: number, lock = false) {
  const q = db
    .select(leadSelect)
    .from(leads)
    .leftJoin(leadTypes, eq(leadTypes.id, leads.leadTypeId))
    .where(eq(leads.id, id));
  const [row] = lock ? await q.for('update', { of: leads }) : await q;
  return row ?? null;
}

export async function insertLead(db: Executor, values: NewLeadRow): Promise<number> {
  const [row] = await db.insert(leads).values(values).returning({ id: leads.id });
  if (!row) throw new Error('insert into leads returned no row');
  return row.id;
}

/** Changes a lead not converted; with `rowVersion`, only if still at it. Answers whether it was changed. */
export async function updateLead(
  db: Executor,
  id: number,
  values: Partial<NewLeadRow>,
  rowVersion?: number,
): Promise<boolean> {
  const where = and(versionedWhere(leads.id, id, leads.rowVersion, rowVersion), isNull(leads.convertedAt));
  const rows = nothingToSet(values)
    ? await db.select({ id: leads.id }).from(leads).where(where)
    : await db
        .update(leads)
        .set({ ...values, rowVersion: nextVersion(leads.rowVersion) })
        .where(where)
        .returning({ id: leads.id });
  return rows.length > 0;
}

/** Marks a lead converted into `customerId` and `jobId` (only once). */
export async function markConverted(db: Executor, id: number, customerId: number, jobId: number) {
  const rows = await db
    .update(leads)
    .set({
      convertedCustomerId: customerId,
      convertedJobId: jobId,
      convertedAt: new Date(),
      rowVersion: nextVersion(leads.rowVersion),
    })
    .where(and(eq(leads.id, id), isNull(leads.convertedAt)))
    .returning({ id: leads.id });
  return rows.length > 0;
}

export async function deleteLead(db: Executor, id: number) {
  await db.delete(leads).where(and(eq(leads.id, id), isNull(leads.convertedAt)));
}
