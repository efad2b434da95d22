import { builtInNames, type ReferenceKind } from '@fieldport/contract';
import { sql } from 'drizzle-orm';
import {
  contractTypes,
  jobCategories,
  jobPriorities,
  jobStatuses,
  jobSubStatuses,
  jobTypes,
  repairPlaces,
  stores,
  warrantyTypes,
} from '../db/schema/index.ts';
import type { Executor } from '../modules/common/db.ts';

/** Job status ids: only 10, 50, 70, 100 and 110 carry rules (spec README); the names, colours and icons are ours. */
export const JobStatus = {
  New: 10,
  Planned: 20,
  InProgress: 30,
  WaitingForParts: 40,
  Completed: 50,
  ReadyForInvoicing: 60,
  Approved: 70,
  Closed: 100,
  Deleted: 110,
} as const;

export const JobType = { Service: 1, Repair: 2, Parts: 3, Installation: 4, Inspection: 5 } as const;
export const JobPriority = { Critical: 1, High: 2, Normal: 3, Low: 4 } as const;

/** Icons are names of @mui/icons-material. */
export const JOB_STATUSES = [
  { id: 10, name: 'New', color: '#757575', icon: 'NewReleases', sortOrder: 1 },
  { id: 20, name: 'Planned', color: '#1976d2', icon: 'Event', sortOrder: 2 },
  { id: 30, name: 'In progress', color: '#ed6c02', icon: 'Build', sortOrder: 3 },
  { id: 40, name: 'Waiting for parts', color: '#9c27b0', icon: 'Inventory2', sortOrder: 4 },
  { id: 50, name: 'Completed', color: '#2e7d32', icon: 'CheckCircle', sortOrder: 5 },
  { id: 60, name: 'Ready for invoicing', color: '#0288d1', icon: 'RequestQuote', sortOrder: 6 },
  { id: 70, name: 'Approved', color: '#1b5e20', icon: 'Verified', sortOrder: 7 },
  { id: 100, name: 'Closed', color: '#455a64', icon: 'Lock', sortOrder: 8 },
  { id: 110, name: 'Deleted', color: '#d32f2f', icon: 'Delete', sortOrder: 9 },
] as const;

export const JOB_SUB_STATUSES = [
  { id: 1, jobStatusId: 10, name: 'Awaiting customer reply' },
  { id: 2, jobStatusId: 10, name: 'Needs quotation' },
  { id: 3, jobStatusId: 20, name: 'Confirmed with customer' },
  { id: 4, jobStatusId: 20, name: 'Not confirmed' },
  { id: 5, jobStatusId: 30, name: 'Travelling', setsOnMyWay: true },
  { id: 6, jobStatusId: 30, name: 'On site' },
  { id: 7, jobStatusId: 40, name: 'Parts ordered' },
  { id: 8, jobStatusId: 40, name: 'Parts arrived' },
  { id: 9, jobStatusId: 50, name: 'Report pending' },
  { id: 10, jobStatusId: 60, name: 'Invoice draft made' },
] as const;

export const JOB_TYPES = [
  { id: 1, name: 'Service' },
  { id: 2, name: 'Repair' },
  { id: 3, name: 'Parts' },
  { id: 4, name: 'Installation' },
  { id: 5, name: 'Inspection' },
] as const;

export const JOB_PRIORITIES = [
  { id: 1, name: 'Critical', dueAfterHours: 4 },
  { id: 2, name: 'High', dueAfterHours: 24 },
  { id: 3, name: 'Normal', dueAfterHours: 72 },
  { id: 4, name: 'Low', dueAfterHours: 168 },
] as const;

export const WARRANTY_TYPES = [
  { id: 1, name: 'No warranty' },
  { id: 2, name: 'Manufacturer warranty' },
  { id: 3, name: 'Extended warranty' },
  { id: 4, name: 'Goodwill' },
] as const;

export const REPAIR_PLACES = [
  { id: 1, name: 'On site' },
  { id: 2, name: 'Workshop' },
  { id: 3, name: 'At supplier' },
] as const;

export const JOB_CATEGORIES = [
  { id: 1, name: 'Preventive maintenance' },
  { id: 2, name: 'Breakdown' },
  { id: 3, name: 'Installation' },
  { id: 4, name: 'Inspection and certification' },
  { id: 5, name: 'Modification' },
] as const;

/** The contract types a fresh install starts with (the Agreements menu; the Admin edits and adds them). */
export const CONTRACT_TYPES = [
  { id: 1, name: 'Full service', icon: 'Build', position: 1 },
  { id: 2, name: 'Preventive maintenance', icon: 'EventRepeat', position: 2 },
  { id: 3, name: 'Inspection', icon: 'VerifiedUser', position: 3 },
  { id: 4, name: 'Warranty extension', icon: 'Description', position: 4 },
  { id: 5, name: 'Rental', icon: 'Handshake', position: 5 },
] as const;

/**
 * The store every company starts with (decision 078): stock needs a store, and its name is read in
 * each reader's language until the company renames it.
 */
export const STORES = [{ id: 1, name: 'Main store' }] as const;

/** Built-in rows with their names in every language (reference.json, decision 034). */
const named = <T extends { id: number }>(kind: ReferenceKind, rows: readonly T[]) =>
  rows.map((r) => ({ ...r, names: builtInNames(kind, r.id) }));

/**
 * The lookups every job needs, with fixed ids. Idempotent: rows that exist (by id) are left as they
 * are, so a company's renamed statuses survive. Serial tables get their sequence moved past the ids.
 */
export async function ensureReferenceData(db: Executor): Promise<void> {
  await db.insert(jobStatuses).values(named('job_status', JOB_STATUSES)).onConflictDoNothing();
  await db.insert(jobSubStatuses).values(named('job_sub_status', JOB_SUB_STATUSES)).onConflictDoNothing();
  await db.insert(jobTypes).values(named('job_type', JOB_TYPES)).onConflictDoNothing();
  await db.insert(jobPriorities).values(named('job_priority', JOB_PRIORITIES)).onConflictDoNothing();
  await db.insert(warrantyTypes).values(named('warranty_type', WARRANTY_TYPES)).onConflictDoNothing();
  await db.insert(repairPlaces).values(named('repair_place', REPAIR_PLACES)).onConflictDoNothing();
  await db.insert(jobCategories).values(named('job_category', JOB_CATEGORIES)).onConflictDoNothing();
  // By id, or by name: a company's own type of the same name keeps its place.
  await db.insert(contractTypes).values(named('contract_type', CONTRACT_TYPES)).onConflictDoNothing();
  await db.insert(stores).values(named('store', STORES)).onConflictDoNothing();
  for (const t of [
    'job_sub_statuses',
    'warranty_types',
    'repair_places',
    'job_categories',
    'contract_types',
    'stores',
  ])
    await syncSequence(db, t);
}

/** Moves a serial column's sequence past the largest id, so the next insert without an id gets a free one. */
async function syncSequence(db: Executor, table: string) {
  await db.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
  );
}

const ensured = new WeakMap<object, Promise<void>>();

/** ensureReferenceData once per database handle: the job factory calls it so tests need not. */
export function ensureReferenceDataOnce(db: Executor): Promise<void> {
  let p = ensured.get(db);
  if (!p) {
    p = ensureReferenceData(db);
    ensured.set(db, p);
    p.catch(() => ensured.delete(db));
  }
  return p;
}
