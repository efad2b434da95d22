import type { CustomJobListFilter } from '../../lib/preferences.ts';
import { parseJobFilter } from '../../lib/routing/job-filter.ts';
import type { JobTabFilter } from './api/jobs.ts';

/**
 * The job list's own filters beside its search (issue 11, 002 JobList/Filtered): job types, priorities
 * and order departments, kept in the route's query (type, priority, department: comma lists of ids;
 * q: the search word) so a filtered list can be reloaded, shared and opened in a new tab, and the
 * named sets a user saves of them (the CustomJobListFilterList preference, 000 §3).
 */

/** What the user narrowed the list by; an empty list does not filter. */
export interface JobListChoice {
  SearchWord: string;
  JobTypeIdList: number[];
  JobPriorityIdList: number[];
  OrderDepartmentIdList: number[];
}

/** A saved filter: a name and the choice it applies (stored as JSON in CustomJobListFilterList). */
export type { CustomJobListFilter };

export const EMPTY_CHOICE: JobListChoice = {
  SearchWord: '',
  JobTypeIdList: [],
  JobPriorityIdList: [],
  OrderDepartmentIdList: [],
};

/** The query parameter of each id list. */
const CHOICE_PARAMS = {
  JobTypeIdList: 'type',
  JobPriorityIdList: 'priority',
  OrderDepartmentIdList: 'department',
} as const;
export type ChoiceList = keyof typeof CHOICE_PARAMS;
const CHOICE_LISTS = Object.keys(CHOICE_PARAMS) as ChoiceList[];

/** Longest name of a saved filter, and the most filters kept. */
export const FILTER_NAME_MAX = 40;
export const SAVED_FILTERS_MAX = 20;
/** Ids a list may hold (the contract allows 200; more cannot be chosen from the lookups anyway). */
const IDS_MAX = 200;

const idList = (value: unknown): number[] => {
  if (!Array.isArray(value)) return [];
  const ids = value.filter((v): v is number => Number.isInteger(v) && v > 0 && v <= 2_147_483_647);
  return [...new Set(ids)].slice(0, IDS_MAX);
};

/** The ids of a comma list (`1,2,3`); anything that is not a positive whole number is left out. */
export function parseIds(text: string | null): number[] {
  if (!text) return [];
  return idList(
    text
      .split(',')
      .map((part) => part.trim())
      .filter((part) => /^\d{1,10}$/.test(part))
      .map(Number),
  );
}

/** The choice a route's query holds. */
export function choiceOfQuery(query: URLSearchParams): JobListChoice {
  return {
    SearchWord: (query.get('q') ?? '').trim(),
    JobTypeIdList: parseIds(query.get(CHOICE_PARAMS.JobTypeIdList)),
    JobPriorityIdList: parseIds(query.get(CHOICE_PARAMS.JobPriorityIdList)),
    OrderDepartmentIdList: parseIds(query.get(CHOICE_PARAMS.OrderDepartmentIdList)),
  };
}

/** The query with the choice written over it (other parameters, such as jobId, kept); empty ones removed. */
export function queryWithChoice(query: URLSearchParams, choice: JobListChoice): URLSearchParams {
  const next = new URLSearchParams(query);
  const word = choice.SearchWord.trim();
  if (word) next.set('q', word);
  else next.delete('q');
  for (const list of CHOICE_LISTS) {
    const ids = idList(choice[list]);
    if (ids.length > 0) next.set(CHOICE_PARAMS[list], ids.join(','));
    else next.delete(CHOICE_PARAMS[list]);
  }
  return next;
}

export const isEmptyChoice = (choice: JobListChoice): boolean =>
  !choice.SearchWord.trim() && CHOICE_LISTS.every((list) => choice[list].length === 0);

/** The parts of a JobList/Filtered body a choice narrows. */
interface NarrowedBody {
  SearchWord?: string | null;
  JobTypeIdList?: number[] | null;
  JobPriorityIdList?: number[] | null;
  OrderDepartmentIdList?: number[] | null;
}

/**
 * The JobList/Filtered body's part of a choice: only what narrows. The route's own filter (my, parts,
 * a status) is laid over it by the caller; parts (type 3) keeps its type, as the user's type list could
 * otherwise widen it: the two type lists are intersected there.
 */
export function choiceBody<B extends object>(base: B, choice: JobListChoice): B {
  const body = { ...base } as B & NarrowedBody;
  const word = choice.SearchWord.trim();
  if (word) body.SearchWord = word;
  if (choice.JobPriorityIdList.length > 0) body.JobPriorityIdList = choice.JobPriorityIdList;
  if (choice.OrderDepartmentIdList.length > 0) body.OrderDepartmentIdList = choice.OrderDepartmentIdList;
  if (choice.JobTypeIdList.length > 0) {
    const fixed = (base as NarrowedBody).JobTypeIdList;
    body.JobTypeIdList = fixed?.length
      ? fixed.filter((id) => choice.JobTypeIdList.includes(id))
      : choice.JobTypeIdList;
  }
  return body;
}

/** Why a name cannot be saved: empty or too long; null when it can. */
export function filterNameProblem(name: string): 'required' | 'tooLong' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (trimmed.length > FILTER_NAME_MAX) return 'tooLong';
  return null;
}

/** The saved filters a stored value holds: anything malformed (an old or hand-edited value) is left out. */
export function readSavedFilters(stored: unknown): CustomJobListFilter[] {
  if (!Array.isArray(stored)) return [];
  const out: CustomJobListFilter[] = [];
  for (const entry of stored) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    if (typeof e.Name !== 'string' || filterNameProblem(e.Name)) continue;
    out.push({
      Name: e.Name.trim(),
      SearchWord: typeof e.SearchWord === 'string' ? e.SearchWord.trim() : '',
      JobTypeIdList: idList(e.JobTypeIdList),
      JobPriorityIdList: idList(e.JobPriorityIdList),
      OrderDepartmentIdList: idList(e.OrderDepartmentIdList),
    });
  }
  return out.slice(0, SAVED_FILTERS_MAX);
}

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/**
 * The saved filters with `choice` saved under `name`: a filter of the same name (any case) is replaced
 * in its place, a new one goes last. Null when the name is not valid or the list is full.
 */
export function saveFilter(
  saved: CustomJobListFilter[],
  name: string,
  choice: JobListChoice,
): CustomJobListFilter[] | null {
  if (filterNameProblem(name)) return null;
  const entry: CustomJobListFilter = {
    Name: name.trim(),
    SearchWord: choice.SearchWord.trim(),
    JobTypeIdList: idList(choice.JobTypeIdList),
    JobPriorityIdList: idList(choice.JobPriorityIdList),
    OrderDepartmentIdList: idList(choice.OrderDepartmentIdList),
  };
  const at = saved.findIndex((f) => sameName(f.Name, name));
  if (at >= 0) return saved.map((f, i) => (i === at ? entry : f));
  if (saved.length >= SAVED_FILTERS_MAX) return null;
  return [...saved, entry];
}

export const deleteFilter = (saved: CustomJobListFilter[], name: string): CustomJobListFilter[] =>
  saved.filter((f) => !sameName(f.Name, name));

/** Whether the choice shown is the saved filter (the menu marks it). */
export function isChoiceOf(filter: CustomJobListFilter, choice: JobListChoice): boolean {
  const same = (a: number[], b: number[]) =>
    a.length === b.length && [...a].sort().join() === [...b].sort().join();
  return (
    filter.SearchWord === choice.SearchWord.trim() && CHOICE_LISTS.every((l) => same(filter[l], choice[l]))
  );
}

/**
 * The list's filter of a job list filter value (001 §2.8; the JobList route's :filter and the search
 * results' `filter` query): my, parts (type 3), a status with its sub-status, or the open jobs past or
 * near their priority deadline, or the jobs set to a status this week (the dashboard's figures). Null
 * when the value cannot be read.
 */
export function jobTabFilterOf(value: string | undefined | null): JobTabFilter | null {
  const f = parseJobFilter(value);
  if (!f) return null;
  if (f.kind === 'my') return { AssignedToMe: true };
  if (f.kind === 'parts') return { JobTypeIdList: [3] };
  if (f.kind === 'overdue') return { Deadline: 'Overdue' };
  if (f.kind === 'due') return { Deadline: 'Within24Hours' };
  if (f.kind === 'week') return { SetToStatusThisWeek: f.statusId };
  return { JobStatusIdList: [f.statusId], ...(f.subStatusId ? { JobSubStatusIdList: [f.subStatusId] } : {}) };
}
