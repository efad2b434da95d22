import { and, asc, count, eq, ilike, inArray, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { customers, machines, partnerCompanies, users } from '../../db/schema/index.ts';
import { type Executor, nothingToSet } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type PartnerCompanyRow = typeof partnerCompanies.$inferSelect;
export type NewPartnerCompanyRow = typeof partnerCompanies.$inferInsert;

/** Written with table names: drizzle leaves columns unqualified in single-table queries. */
const customerCount = sql<number>`(select count(*)::int from ${customers} c where c.partner_company_id = ${partnerCompanies}.id)`;
const userCount = sql<number>`(select count(*)::int from ${users} u where u.partner_company_id = ${partnerCompanies}.id)`;

export interface PartnerCompanyFilter {
  word?: string | null | undefined;
  ids?: number[];
  excludeIds?: number[];
  /** A partner sees only its own company. */
  onlyId?: number | null | undefined;
}

function whereOf(f: PartnerCompanyFilter): SQL | undefined {
  return and(
    hasWord(f.word)
      ? or(
          ilike(partnerCompanies.name, containing(f.word)),
          ilike(sql`coalesce(${partnerCompanies.organisationNumber}, '')`, containing(f.word)),
        )
      : undefined,
    f.ids ? inArray(partnerCompanies.id, f.ids.length ? f.ids : [0]) : undefined,
    f.excludeIds?.length ? notInArray(partnerCompanies.id, f.excludeIds) : undefined,
    f.onlyId === undefined ? undefined : eq(partnerCompanies.id, f.onlyId ?? 0),
  );
}

export async function listPartnerCompanies(
  db: Executor,
  f: PartnerCompanyFilter,
  page: number,
  perPage: number,
) {
  return db
    .select({ company: partnerCompanies, customerCount, userCount })
    .from(partnerCompanies)
    .where(whereOf(f))
    .orderBy(asc(sql`lower(${partnerCompanies.name})`), asc(partnerCompanies.id))
    .limit(perPage)
    .offset(offsetOf(page, perPage));
}

export async function countPartnerCompanies(db: Executor, f: PartnerCompanyFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(partnerCompanies).where(whereOf(f));
  return row?.n ?? 0;
}

export async function findPartnerCompany(db: Executor, id: number) {
  const [row] = await db
    .select({ company: partnerCompanies, customerCount, userCount })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.id, id));
  return row ?? null;
}

export async function machineCount(db: Executor, id: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(machines).where(eq(machines.partnerCompanyId, id));
  return row?.n ?? 0;
}

export async function insertPartnerCompany(db: Executor, values: NewPartnerCompanyRow): Promise<number> {
  const [row] = await db.insert(partnerCompanies).values(values).returning({ id: partnerCompanies.id });
  if (!row) throw new Error('insert into partner_companies returned no row');
  return row.id;
}

/**
 * Changes a partner company and steps its row version; with `rowVersion`, only if still at it.
 * Answers whether the row was there (at that version).
 */
export async function updatePartnerCompany(
  db: Executor,
  id: number,
  values: Partial<NewPartnerCompanyRow>,
  rowVersion?: number,
): Promise<boolean> {
  const where = versionedWhere(partnerCompanies.id, id, partnerCompanies.rowVersion, rowVersion);
  const rows = nothingToSet(values)
    ? await db.select({ id: partnerCompanies.id }).from(partnerCompanies).where(where)
    : await db
        .update(partnerCompanies)
        .set({ ...values, rowVersion: nextVersion(partnerCompanies.rowVersion) })
        .where(where)
        .returning({ id: partnerCompanies.id });
  return rows.length > 0;
}

export async function deletePartnerCompany(db: Executor, id: number) {
  await db.delete(partnerCompanies).where(eq(partnerCompanies.id, id));
}
