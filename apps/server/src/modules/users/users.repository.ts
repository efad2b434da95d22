import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { customers, departments, partnerCompanies, users } from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** What a user list filters by; every part is optional. */
export interface UserFilter {
  word?: string | null | undefined;
  userTypeIds?: number[] | undefined;
  customerId?: number | undefined;
  departmentId?: number | undefined;
  partnerCompanyId?: number | undefined;
  includeInactive?: boolean;
  /** Also match the customer's name (customer account search). */
  withCustomerName?: boolean;
}

const selection = {
  user: users,
  departmentName: departments.name,
  customerName: customers.name,
  partnerCompanyName: partnerCompanies.name,
};

/**
 * A user's words, as the trigram index users_words has them (migration 0038, PostgreSQL only): the
 * candidates it finds are then checked field by field, so a word spanning two fields does not match.
 */
const userWords = sql`(${users.name} || ' ' || ${users.email} || ' ' || ${users.logonName} || ' ' || ${users.phone})`;

function whereOf(f: UserFilter): SQL | undefined {
  const word = hasWord(f.word) ? containing(f.word) : null;
  return and(
    word
      ? or(
          and(
            sql`${userWords} ilike ${word}`,
            or(
              ilike(users.name, word),
              ilike(users.email, word),
              ilike(users.logonName, word),
              ilike(users.phone, word),
            ),
          ),
          f.withCustomerName ? ilike(customers.name, word) : undefined,
        )
      : undefined,
    f.userTypeIds?.length ? inArray(users.userTypeId, f.userTypeIds) : undefined,
    f.customerId ? eq(users.customerId, f.customerId) : undefined,
    f.departmentId ? eq(users.departmentId, f.departmentId) : undefined,
    f.partnerCompanyId ? eq(users.partnerCompanyId, f.partnerCompanyId) : undefined,
    f.includeInactive === false ? eq(users.isActive, true) : undefined,
  );
}

const joined = (db: Executor) =>
  db
    .select(selection)
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(partnerCompanies, eq(partnerCompanies.id, users.partnerCompanyId));

export type UserListRow = Awaited<ReturnType<typeof findUser>> & {};

/** Active accounts first, then by name. */
export async function listUsers(db: Executor, f: UserFilter, page: number, perPage: number) {
  return joined(db)
    .where(whereOf(f))
    .orderBy(sql`${users.isActive} desc`, asc(sql`lower(${users.name})`), asc(users.id))
    .limit(perPage)
    .offset(offsetOf(page, perPage));
}

export async function countUsers(db: Executor, f: UserFilter): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(whereOf(f));
  return row?.n ?? 0;
}

export async function findUser(db: Executor, id: number) {
  const [row] = await joined(db).where(eq(users.id, id));
  return row ?? null;
}

/** Who holds an e-mail address or logon name (both unique, case-insensitively). */
export async function findHolder(db: Executor, field: 'email' | 'logonName', value: string) {
  const column = field === 'email' ? users.email : users.logonName;
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sql`lower(${column}) = ${value.trim().toLowerCase()}`);
  return row ?? null;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('insert into users returned no row');
  return row.id;
}

/** `endSessions` moves the session version on, so every access token of the user dies at once. */
export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<NewUserRow>,
  endSessions: boolean,
  rowVersion?: number,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      ...values,
      ...(endSessions ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      updatedAt: new Date(),
      rowVersion: nextVersion(users.rowVersion),
    })
    .where(versionedWhere(users.id, id, users.rowVersion, rowVersion))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function existsIn(db: Executor, table: 'customer' | 'department' | 'partner', id: number) {
  const t = table === 'customer' ? customers : table === 'department' ? departments : partnerCompanies;
  const [row] = await db.select({ id: t.id }).from(t).where(eq(t.id, id));
  return !!row;
}
