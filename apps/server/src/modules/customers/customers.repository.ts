import { JOB_STATUS } from '@fieldport/contract';
import { and, asc, eq, ilike, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import {
  addresses,
  customerGroups,
  customerPersons,
  customers,
  jobs,
  machines,
  partnerCompanies,
} from '../../db/schema/index.ts';
import type { Executor } from '../common/db.ts';
import { searchPage } from '../common/name-search.repository.ts';
import { nextFreeNumber } from '../common/numbers.repository.ts';
import { containing, hasWord, offsetOf } from '../common/paging.ts';
import { nextVersion, versionedWhere } from '../common/row-version.ts';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;
export type AddressRow = typeof addresses.$inferSelect;

const parent = alias(customers, 'parent_customer');

export interface CustomerFilter {
  search?: string | null | undefined;
  customerGroupId?: number | undefined;
  ids?: number[];
  excludeIds?: number[];
  /**
   * The addresses the search word is in (addressesMatching), or null when there are too many to
   * list; left out, they are chosen within the statement.
   */
  searchAddressIds?: number[] | null;
}

/** The search reads at most this many addresses containing the word before it checks rows instead. */
export const SEARCH_ADDRESS_LIMIT = 1000;

/** An address's fields containing the word (`a`: the addresses read). */
const inAddress = (word: string) =>
  sql`(a.street ilike ${word} or a.city ilike ${word} or a.zip ilike ${word})`;

/**
 * The addresses whose street, city or zip contains the word, through the trigram index
 * addresses_words: at most SEARCH_ADDRESS_LIMIT ids, or null when more do (a common word, 'Oslo').
 */
export async function addressesMatching(db: Executor, search: string): Promise<number[] | null> {
  const word = containing(search);
  const rows = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        sql`(${addresses.street} || ' ' || ${addresses.city} || ' ' || ${addresses.zip}) ilike ${word}`,
        or(ilike(addresses.street, word), ilike(addresses.city, word), ilike(addresses.zip, word)),
      ),
    )
    .limit(SEARCH_ADDRESS_LIMIT + 1);
  return rows.length > SEARCH_ADDRESS_LIMIT ? null : rows.map((r) => r.id);
}

/**
 * A customer's own words and an address's words, as the trigram indexes customers_words and
 * addresses_words have them (PostgreSQL only; see migration 0020_customer_machine_lists.sql).
 */
const customerWords = sql`(${customers.name} || ' ' || ${customers.customerNumber} || ' ' || coalesce(${customers.organisationNumber}, ''))`;

/**
 * The search: a word in the name, number or organisation number, or in the street, city or zip of
 * the default delivery address. Two arms the planner can combine in one bitmap over the customers:
 * the trigram index customers_words (each candidate then checked field by field, so a word spanning
 * two fields does not match), and the default addresses among those whose fields contain it (found
 * first through the trigram index addresses_words, at most SEARCH_ADDRESS_LIMIT, then
 * customers_default_address). Neither needs the list's join, so the bounded count reads customers
 * alone. A common word is instead checked on the customers read in name order until the page is full
 * (the statistics customers_words_stats tell the planner which; a word in more addresses than the
 * limit is always checked so).
 */
function searchOf(word: string, addressIds: number[] | null | undefined): SQL {
  // The default delivery address: among the few addresses found first (an index condition), or,
  // when the word is in too many, checked on each customer read (then the list is read in name order).
  const inDefaultAddress =
    addressIds === undefined
      ? sql`${customers.defaultDeliveryAddressId} = any(array(select a.id from ${addresses} a where (a.street || ' ' || a.city || ' ' || a.zip) ilike ${word} and ${inAddress(word)}))`
      : addressIds === null
        ? or(ilike(addresses.street, word), ilike(addresses.city, word), ilike(addresses.zip, word))
        : addressIds.length
          ? inArray(customers.defaultDeliveryAddressId, addressIds)
          : undefined;
  return or(
    and(
      sql`${customerWords} ilike ${word}`,
      or(
        ilike(customers.name, word),
        ilike(customers.customerNumber, word),
        ilike(customers.organisationNumber, word),
      ),
    ),
    inDefaultAddress,
  ) as SQL;
}

function whereOf(scope: SQL | undefined, f: CustomerFilter): SQL | undefined {
  const word = hasWord(f.search) ? containing(f.search) : null;
  return and(
    scope,
    f.customerGroupId ? eq(customers.customerGroupId, f.customerGroupId) : undefined,
    f.ids ? inArray(customers.id, f.ids.length ? f.ids : [0]) : undefined,
    f.excludeIds?.length ? notInArray(customers.id, f.excludeIds) : undefined,
    word ? searchOf(word, f.searchAddressIds) : undefined,
  );
}

/**
 * The customers a page's ids and the bounded count are chosen from: customers alone, or joined to
 * their default delivery address when the search word is in too many addresses to list (then each
 * customer read in name order looks its address up by id).
 */
function matchingCustomers<T extends SelectedFields>(db: Executor, fields: T, f: CustomerFilter) {
  const from = db.select(fields).from(customers).$dynamic();
  return hasWord(f.search) && f.searchAddressIds === null
    ? from.leftJoin(addresses, eq(addresses.id, customers.defaultDeliveryAddressId))
    : from;
}

/**
 * A page of the customers matching a search, by relevance (names starting with the word first;
 * common/name-search.repository.ts, decision 084), and how many match when `count` is asked and the
 * matches come from the trigram bitmap: not when the word is in too many addresses to list (then each
 * customer read is joined to its default address and checked; count with countCustomers). Without
 * pg_trgm (the embedded PGlite) the unordered matches are read row by row.
 */
export function searchCustomerPage(
  db: Executor,
  scope: SQL | undefined,
  f: CustomerFilter & { search: string },
  page: { limit: number; offset: number },
  opts: { count: boolean },
) {
  const checked = f.searchAddressIds === null;
  return searchPage(
    db,
    {
      table: customers,
      id: customers.id,
      name: customers.name,
      joins: checked
        ? sql`left join ${addresses} on ${addresses.id} = ${customers.defaultDeliveryAddressId}`
        : undefined,
    },
    whereOf(scope, f),
    f.search,
    page,
    { count: opts.count, few: !checked },
  );
}

/** A customer of a list with its default delivery address, if it has one. */
type CustomerListRow = { customer: CustomerRow; address: AddressRow | null };

/**
 * One page of customers by name with their default delivery address. The page's ids are chosen on
 * customers alone, in the list's index order, and only they are joined to their address: a deep page
 * or a search with many matches does not look up the address of every row it passes.
 */
export async function listCustomers(
  db: Executor,
  scope: SQL | undefined,
  f: CustomerFilter,
  page: { limit: number; offset: number },
): Promise<CustomerListRow[]> {
  // Chosen ids (a search's page, or the ones to prepend) are read first by primary key and then put in
  // name order: the limit keeps the planner from walking the name index to find them.
  const chosen =
    f.ids && !hasWord(f.search)
      ? matchingCustomers(db, { id: customers.id, name: customers.name }, f)
          .where(whereOf(scope, f))
          .limit(Math.max(1, f.ids.length))
          .as('chosen')
      : null;
  const pageIds = chosen
    ? db
        .select({ id: chosen.id })
        .from(chosen)
        .orderBy(asc(chosen.name), asc(chosen.id))
        .limit(page.limit)
        .offset(page.offset)
    : matchingCustomers(db, { id: customers.id }, f)
        .where(whereOf(scope, f))
        .orderBy(asc(customers.name), asc(customers.id))
        .limit(page.limit)
        .offset(page.offset);
  return db
    .select({ customer: customers, address: addresses })
    .from(customers)
    .leftJoin(addresses, eq(addresses.id, customers.defaultDeliveryAddressId))
    .where(inArray(customers.id, pageIds))
    .orderBy(asc(customers.name), asc(customers.id));
}

/**
 * A page of customers and how many match, counted up to `cap` + 1 matches through the list's index,
 * never the whole table (ENGINEERING.md); the two statements go out together (one round trip's wait).
 * `exact` is false when the cap was reached: `matches` is then a lower bound.
 */
export async function customerPage(
  db: Executor,
  scope: SQL | undefined,
  f: CustomerFilter,
  page: { limit: number; offset: number },
  cap: number,
) {
  const [rows, count] = await Promise.all([
    listCustomers(db, scope, f, page),
    countCustomers(db, scope, f, cap),
  ]);
  return { rows, count };
}

/** How many customers match, up to `cap` (`exact: false` above), read through the list's indexes. */
export async function countCustomers(db: Executor, scope: SQL | undefined, f: CustomerFilter, cap: number) {
  const word = hasWord(f.search) ? containing(f.search) : null;
  if (word && f.searchAddressIds === null) {
    // A word in too many addresses to list is checked on each customer read: the count reads at
    // most SEARCH_WINDOW customers of the scope and filters in name order and counts the matches
    // among them (a lower bound when the window is full).
    const candidates = matchingCustomers(db, { m: sql<boolean>`${searchOf(word, null)}`.as('m') }, f)
      .where(whereOf(scope, { ...f, search: null }))
      .orderBy(asc(customers.name), asc(customers.id))
      .limit(SEARCH_WINDOW)
      .as('candidates');
    const [row] = await db
      .select({
        n: sql<number>`(count(*) filter (where ${candidates.m}))::int`,
        read: sql<number>`count(*)::int`,
      })
      .from(candidates);
    const n = Number(row?.n ?? 0);
    return { matches: Math.min(n, cap), exact: Number(row?.read ?? 0) < SEARCH_WINDOW && n <= cap };
  }
  // In the list's order when no word is searched, so the entries read are those of the list's index
  // (name, or partner or group and name); a search's candidates come from its bitmap, unordered.
  const matching = matchingCustomers(db, { one: sql`1` }, f)
    .where(whereOf(scope, f))
    .orderBy(...(word ? [] : [asc(customers.name), asc(customers.id)]))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matching);
  const n = Number(row?.n ?? 0);
  return { matches: Math.min(n, cap), exact: n <= cap };
}

/** A search checked on each customer read (a word in too many addresses) counts among this many. */
const SEARCH_WINDOW = 2000;

export const pageOf = (page: number, perPage: number) => ({
  limit: perPage,
  offset: offsetOf(page, perPage),
});

/** One customer the scope lets see, with its default address and contact, parent and group. */
export async function findCustomerDetail(db: Executor, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({
      customer: customers,
      address: addresses,
      contact: customerPersons,
      parentName: parent.name,
      groupName: customerGroups.name,
      partnerName: partnerCompanies.name,
    })
    .from(customers)
    .leftJoin(addresses, eq(addresses.id, customers.defaultDeliveryAddressId))
    .leftJoin(customerPersons, eq(customerPersons.id, customers.defaultCustomerPersonId))
    .leftJoin(parent, eq(parent.id, customers.parentCustomerId))
    .leftJoin(customerGroups, eq(customerGroups.id, customers.customerGroupId))
    .leftJoin(partnerCompanies, eq(partnerCompanies.id, customers.partnerCompanyId))
    .where(and(eq(customers.id, id), scope));
  return row ?? null;
}

/** The bare customer row, if the scope lets see it; `lock` holds it for the transaction. */
export async function findCustomer(db: Executor, id: number, scope: SQL | undefined, lock = false) {
  const q = db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), scope));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** Who holds a customer number (uniqueness is across every customer, whoever asks). */
export async function findByCustomerNumber(db: Executor, customerNumber: string, exceptId?: number) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, customerNumber: customers.customerNumber })
    .from(customers)
    .where(
      and(
        sql`lower(${customers.customerNumber}) = lower(${customerNumber})`,
        exceptId ? ne(customers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The next customer number of the standalone assembly: one above the highest numeric one (10001 for the
 * first), never the same for two concurrent creates (a sequence, migration 0010).
 */
export async function nextCustomerNumber(db: Executor): Promise<string> {
  const n = await nextFreeNumber(
    db,
    'customer_numbers',
    sql`select max(${customers.customerNumber}::bigint) from ${customers} where ${customers.customerNumber} ~ '^[0-9]{1,12}$'`,
  );
  return String(n);
}

export async function insertCustomer(db: Executor, values: NewCustomerRow) {
  const [row] = await db.insert(customers).values(values).returning();
  return row!;
}

/**
 * Changes a customer and steps its row version; with `rowVersion`, only if the row is still at it
 * (compare-and-set): no row answered means a concurrent save won.
 */
export async function updateCustomer(
  db: Executor,
  id: number,
  values: Partial<NewCustomerRow>,
  rowVersion?: number,
) {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date(), rowVersion: nextVersion(customers.rowVersion) })
    .where(versionedWhere(customers.id, id, customers.rowVersion, rowVersion))
    .returning();
  return row;
}

export async function parentOf(db: Executor, id: number): Promise<number | null> {
  const [row] = await db
    .select({ p: customers.parentCustomerId })
    .from(customers)
    .where(eq(customers.id, id));
  return row?.p ?? null;
}

export async function groupExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: customerGroups.id })
    .from(customerGroups)
    .where(eq(customerGroups.id, id));
  return !!row;
}

export async function partnerCompanyExists(db: Executor, id: number) {
  const [row] = await db
    .select({ id: partnerCompanies.id })
    .from(partnerCompanies)
    .where(eq(partnerCompanies.id, id));
  return !!row;
}

/**
 * A customer's new partner company: its machines that had the old one (or none, when it had none) get
 * the new one; machines given to another partner on their own keep theirs. Answers the moved machines.
 */
export async function movePartnerOfMachines(
  db: Executor,
  customerId: number,
  from: number | null,
  to: number | null,
): Promise<number[]> {
  const rows = await db
    .update(machines)
    .set({ partnerCompanyId: to, updatedAt: new Date(), rowVersion: sql`${machines.rowVersion} + 1` })
    .where(
      and(
        eq(machines.customerId, customerId),
        from === null ? isNull(machines.partnerCompanyId) : eq(machines.partnerCompanyId, from),
      ),
    )
    .returning({ id: machines.id });
  return rows.map((r) => r.id);
}

/** The ids of a customer's jobs (parent jobs, not deleted): whose partner is the customer's (jobScope). */
export async function parentJobsOf(db: Executor, customerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(eq(jobs.customerId, customerId), isNull(jobs.parentId), ne(jobs.jobStatusId, JOB_STATUS.Deleted)),
    );
  return rows.map((r) => r.id);
}
