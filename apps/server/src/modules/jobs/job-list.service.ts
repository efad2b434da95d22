import {
  JOB_COUNT_CAP,
  type JobListFilter,
  type JobListPage,
  type JobStatusWithCount,
  type JobSubStatusFilterQuery,
  type Language,
  languageOf,
  type PagedQuery,
  startOfWeek,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound } from '../common/errors.ts';
import { hasWord, offsetOf } from '../common/paging.ts';
import { customerScope, machineScope } from '../common/scope.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as countRepo from './job-counts.repository.ts';
import {
  type Lookups,
  lookupsCover,
  presentJobListItem,
  presentMachineLine,
  presentPriority,
  presentStatus,
  presentSubStatus,
  presentType,
} from './job-list.presenter.ts';
import * as repo from './job-list.repository.ts';
import { jobScope } from './job-scope.ts';

type Filter = z.output<typeof JobListFilter>;

/**
 * What a count may read (ENGINEERING.md: no count(*) over the whole table per request):
 * - a count stops at 10,000 matches (JOB_COUNT_CAP);
 * - with a department, type or priority filter it reads at most the 20,000 index entries its
 *   status, customer, machine, search or scope select first, and counts the matches among them;
 * - a search checked on rows (not led by the trigram index, or a word naming more than
 *   SEARCH_CUSTOMER_LIMIT customers, whose jobs are read newest first) is not counted beyond the page.
 * Past a bound the answer says TotalCountCapped and TotalCount is a lower bound ('10,000+'); a page
 * that is not full always tells the exact total. Reading an index entry costs about 0.2 µs on
 * PostgreSQL, so a count costs at most some 5 ms, whatever the table's size.
 */
export const COUNT_BOUNDS = { cap: JOB_COUNT_CAP, window: 20_000 };
const SEARCH_CUSTOMER_LIMIT = 1000;
const LOOKUP_TTL_MS = 5_000;
/** A customer user's or partner's status counts read at most this many of their jobs (some 5 ms). */
const SCOPED_COUNT_LIMIT = 20_000;

/** A page of a small lookup table, searched by name. */
function pageOf<T extends { Name: string }>(all: T[], q: z.output<typeof PagedQuery>) {
  const word = hasWord(q.SearchWord) ? q.SearchWord.trim().toLowerCase() : null;
  const matching = word ? all.filter((x) => x.Name.toLowerCase().includes(word)) : all;
  const start = offsetOf(q.Page, q.ItemsPerPage);
  return { Content: matching.slice(start, start + q.ItemsPerPage), TotalCount: matching.length };
}

/** The job list and the job lookups; counts are bounded (COUNT_BOUNDS). */
export class JobListService {
  private readonly deps: { db: Db; settings: SettingsService; clock: Clock };
  constructor(deps: { db: Db; settings: SettingsService; clock: Clock }) {
    this.deps = deps;
  }

  async filtered(caller: Caller, q: Filter): Promise<JobListPage> {
    const db = this.deps.db;
    const scope = jobScope(caller.user);
    const [filter, global, lookups] = await Promise.all([
      this.filterOf(caller, q),
      this.deps.settings.global(),
      this.lookups(),
    ]);
    const offset = offsetOf(q.Page, q.ItemsPerPage);
    // One round trip's wait: the checks, the page (with its fields and machine lines) and the
    // bounded count go out together. The scope keeps another company's jobs out of the page whatever
    // the checks answer.
    const [customerOk, machineOk, rows, count] = await Promise.all([
      q.CustomerId ? repo.customerVisible(db, q.CustomerId, customerScope(caller.user)) : true,
      q.MachineId ? repo.machineVisible(db, q.MachineId, machineScope(caller.user)) : true,
      repo.jobPage(db, scope, filter, { limit: q.ItemsPerPage, offset, timeZone: global.TimeZone }),
      countRepo.countJobs(db, scope, filter, COUNT_BOUNDS),
    ]);
    if (!customerOk) throw recordNotFound(caller, 'object_customer', q.CustomerId ?? 0);
    if (!machineOk) throw recordNotFound(caller, 'object_machine', q.MachineId ?? 0);
    // A status, type or priority added since the lookups were read: read them again.
    const names = lookupsCover(lookups, rows) ? lookups : await this.lookups(true);
    const now = this.deps.clock.now();
    const lang = languageOf(caller.lang);
    const content = rows.map((row) =>
      presentJobListItem(row, names, row.lines.map(presentMachineLine), now, lang),
    );
    // A page that is not full tells the total exactly; otherwise the count does, within its bounds.
    const seen = rows.length ? offset + rows.length : 0;
    const last = rows.length < q.ItemsPerPage && (rows.length > 0 || offset === 0);
    return {
      Content: content,
      TotalCount: last ? seen : Math.max(count?.matches ?? 0, seen),
      TotalCountCapped: last ? false : !count?.exact,
    };
  }

  private cached: { at: number; value: Promise<Lookups> } | null = null;

  /**
   * The status, sub-status, type and priority tables, kept for LOOKUP_TTL_MS like the settings: a
   * page names its jobs' statuses without joining four tables (planning the joins cost more than
   * reading them). A change made through this server is seen at once once it calls forgetLookups.
   */
  private lookups(fresh = false): Promise<Lookups> {
    const now = Date.now();
    if (!fresh && this.cached && now - this.cached.at < LOOKUP_TTL_MS) return this.cached.value;
    const db = this.deps.db;
    const value = Promise.all([
      repo.allStatuses(db),
      repo.allSubStatuses(db),
      repo.allTypes(db),
      repo.allPriorities(db),
    ]).then(([statuses, subStatuses, types, priorities]) => ({
      statuses: new Map(statuses.map((x) => [x.id, x])),
      subStatuses: new Map(subStatuses.map((x) => [x.id, x])),
      types: new Map(types.map((x) => [x.id, x])),
      priorities: new Map(priorities.map((x) => [x.id, x])),
    }));
    value.catch(() => {
      if (this.cached?.value === value) this.cached = null;
    });
    this.cached = { at: now, value };
    return value;
  }

  /** For the calls that change statuses, sub-statuses, types or priorities. */
  forgetLookups() {
    this.cached = null;
  }

  /** Pairs each asked status with its asked sub-statuses; sub-status 0 or null means all (002 §3). */
  private async filterOf(caller: Caller, q: Filter): Promise<repo.JobFilter> {
    const subIds = (q.JobSubStatusIdList ?? []).filter((id): id is number => !!id);
    const statusIds = [...new Set(q.JobStatusIdList ?? [])];
    const parentOf = subIds.length
      ? new Map((await repo.allSubStatuses(this.deps.db)).map((s) => [s.id, s.jobStatusId]))
      : new Map<number, number>();
    return {
      statuses: statusIds.map((statusId) => ({
        statusId,
        subStatusIds: subIds.filter((id) => parentOf.get(id) === statusId),
      })),
      // Without a status list the sub-statuses filter on their own.
      subStatusesOnly: statusIds.length ? [] : subIds,
      departmentIds: q.OrderDepartmentIdList ?? [],
      typeIds: q.JobTypeIdList ?? [],
      priorityIds: q.JobPriorityIdList ?? [],
      customerId: q.CustomerId,
      machineId: q.MachineId,
      // A customer's or partner's 'my' jobs are its company's (their landing, issue 35.7): the scope
      // already keeps them to those; nobody of theirs is booked on a job.
      assignedTo: q.AssignedToMe && jobScope(caller.user) === undefined ? caller.user.id : undefined,
      search: q.SearchWord,
      searchCustomerIds: await this.customersMatching(q.SearchWord),
      deadline: q.Deadline ? { kind: q.Deadline, at: this.deps.clock.now() } : undefined,
      setToStatusSince: q.SetToStatusThisWeek
        ? {
            statusId: q.SetToStatusThisWeek,
            since: startOfWeek(this.deps.clock.now(), (await this.deps.settings.global()).TimeZone),
          }
        : undefined,
    };
  }

  /**
   * The customers a search word names, looked up once for the page and its count. A word naming
   * more than SEARCH_CUSTOMER_LIMIT customers is left to the query to look up itself.
   */
  private async customersMatching(word: string | null | undefined) {
    if (!hasWord(word)) return undefined;
    const ids = await repo.customersMatching(this.deps.db, word, SEARCH_CUSTOMER_LIMIT);
    return ids.length > SEARCH_CUSTOMER_LIMIT ? undefined : ids;
  }

  /** The status map with counts of the caller's parent jobs, optionally of some departments only. */
  async statusesWithCounts(caller: Caller, departmentIds: number[] = []): Promise<JobStatusWithCount[]> {
    const db = this.deps.db;
    const scope = jobScope(caller.user);
    const [statuses, subStatuses, counts] = await Promise.all([
      repo.allStatuses(db),
      repo.allSubStatuses(db),
      scope
        ? countRepo.scopedStatusCounts(db, scope, departmentIds, {
            cap: JOB_COUNT_CAP,
            limit: SCOPED_COUNT_LIMIT,
          })
        : countRepo.statusCounts(db, departmentIds, COUNT_BOUNDS).then((c) => ({
            status: (id: number) => c.byStatus.get(id),
            subStatus: (id: number) => c.bySubStatus.get(id),
          })),
    ]);
    const counted = (c: { matches: number; exact: boolean } | undefined) => ({
      Count: c?.matches ?? 0,
      CountCapped: c ? !c.exact : false,
    });
    const lang = languageOf(caller.lang);
    return statuses.map((s) => ({
      ...presentStatus(s, lang),
      ...counted(counts.status(s.id)),
      SubStatuses: subStatuses
        .filter((ss) => ss.jobStatusId === s.id)
        .map((ss) => ({ ...presentSubStatus(ss, lang), ...counted(counts.subStatus(ss.id)) })),
    }));
  }

  async statuses(lang: Language, q: z.output<typeof PagedQuery>) {
    return pageOf(
      (await repo.allStatuses(this.deps.db)).map((s) => presentStatus(s, lang)),
      q,
    );
  }

  async subStatuses(lang: Language, q: z.output<typeof JobSubStatusFilterQuery>) {
    const rows = await repo.allSubStatuses(this.deps.db, q.JobStatusId);
    return pageOf(
      rows.map((s) => presentSubStatus(s, lang)),
      q,
    );
  }

  async subStatusesOf(caller: Caller, statusId: number) {
    if (!(await repo.findStatus(this.deps.db, statusId)))
      throw recordNotFound(caller, 'object_job_status', statusId);
    const lang = languageOf(caller.lang);
    return (await repo.allSubStatuses(this.deps.db, statusId)).map((s) => presentSubStatus(s, lang));
  }

  async types(lang: Language) {
    return (await repo.allTypes(this.deps.db)).map((t) => presentType(t, lang));
  }

  async priorities(lang: Language) {
    return (await repo.allPriorities(this.deps.db)).map((p) => presentPriority(p, lang));
  }
}
