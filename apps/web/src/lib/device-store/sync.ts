import { type Appointment, StoreType } from '@fieldport/contract';
import { callApi } from '../api/client.ts';
import { STORE_KEYS, type StoredVisits } from './keys.ts';
import type { DeviceStore } from './store.ts';

/**
 * What the device keeps of a technician's work, read from the server with their own token (so nothing
 * they may not read): their appointments from today to `daysAhead` days on, each visit's job (customer,
 * address, contact), its machine sub-jobs, its checklists with their fields, its time codes, and their
 * van with the articles it holds. Nearest work first: when the store is full, what is kept is the next
 * visits'.
 */

/** A van's page of articles (Store/StoreArticles takes up to 1000 a page). */
const VAN_PAGE = 500;
/** At most this many pages of a van's assortment (5,000 articles); the limit of the store stays. */
const VAN_PAGES_MAX = 10;

const quiet = { silent: true } as const;

/**
 * 'YYYY-MM-DD' plus days on the calendar: lib/dates.ts's, which this chunk may not import (dates.ts
 * reads the session, whose start of the store loads this chunk: a cycle).
 */
function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The jobs of the visits, the next visit's first. */
function jobsOfVisits(list: readonly Appointment[]): number[] {
  const ids = list
    .filter((a) => !a.IsAbsence && a.JobId !== null && a.Job)
    .toSorted((a, b) => a.StartTime.localeCompare(b.StartTime))
    .map((a) => a.JobId as number);
  return [...new Set(ids)];
}

async function syncVisits(store: DeviceStore, today: string, daysAhead: number): Promise<number[]> {
  const to = addDays(today, daysAhead);
  const list = await callApi(
    'appointmentDateRange',
    { query: { date1: today, date2: to, includeJob: true, mine: true } },
    quiet,
  );
  await store.put(STORE_KEYS.visits, { from: today, to, list } satisfies StoredVisits, Date.now());
  return jobsOfVisits(list);
}

/** One visit's job with what a technician fills or reads on site. */
export async function syncJob(store: DeviceStore, id: number): Promise<void> {
  const [job, subJobs, checklists, timeCodes] = await Promise.all([
    callApi('jobGet', { params: { id } }, quiet),
    callApi('jobSubJobs', { params: { id } }, quiet),
    callApi('checklistsOfJob', { query: { jobId: id } }, quiet),
    // Time codes are staff's: a refusal (a configuration the office must fix) leaves them out.
    callApi('timeReportArticles', { query: { jobId: id } }, quiet).catch(() => null),
  ]);
  const at = Date.now();
  await store.put(STORE_KEYS.job(id), job, at);
  await store.put(STORE_KEYS.subJobs(id), subJobs, at);
  await store.put(STORE_KEYS.checklists(id), checklists, at);
  if (timeCodes) await store.put(STORE_KEYS.timeCodes(id), timeCodes, at);
  // The checklists to fill, with their fields.
  for (const c of checklists.filter((c) => !c.Complete)) {
    const entry = await callApi('checklistGet', { query: { entryId: c.Id } }, quiet);
    await store.put(STORE_KEYS.checklist(c.Id), entry, Date.now());
  }
}

/** The technician's own van and the articles it holds (none kept when they drive no van). */
export async function syncVan(store: DeviceStore): Promise<void> {
  const stores = await callApi('storeGetAll', undefined, quiet);
  const van = stores.find((s) => s.StoreType === StoreType.Van && s.UserId === store.userId && s.IsActive);
  const articles = [];
  if (van) {
    for (let page = 1; page <= VAN_PAGES_MAX; page++) {
      const answer = await callApi(
        'storeArticles',
        { params: { id: van.Id }, query: { Page: page, ItemsPerPage: VAN_PAGE } },
        quiet,
      );
      articles.push(...answer.Content);
      if (answer.Content.length < VAN_PAGE || articles.length >= answer.TotalCount) break;
    }
  }
  await store.put(STORE_KEYS.van, { store: van ?? null, articles }, Date.now());
}

/**
 * Reads everything again: the visits, each of their jobs, the van; then drops the records of jobs no
 * longer among the visits (and of checklists no longer to fill), so the store holds only this work.
 */
export async function syncAll(store: DeviceStore, today: string, daysAhead: number): Promise<void> {
  store.resetFull();
  const jobIds = await syncVisits(store, today, daysAhead);
  for (const id of jobIds) await syncJob(store, id);
  await syncVan(store);
  const keep = new Set<string>([STORE_KEYS.visits, STORE_KEYS.van]);
  for (const id of jobIds) {
    for (const key of [
      STORE_KEYS.job(id),
      STORE_KEYS.subJobs(id),
      STORE_KEYS.checklists(id),
      STORE_KEYS.timeCodes(id),
    ])
      keep.add(key);
    const list = await store.get(STORE_KEYS.checklists(id));
    for (const c of (list?.value as { Id: number; Complete: boolean }[] | undefined) ?? [])
      if (!c.Complete) keep.add(STORE_KEYS.checklist(c.Id));
  }
  await store.remove((await store.keys()).filter((k) => !keep.has(k)));
}
