import {
  type Api,
  JOB_STATUS_REFRESH_MS,
  LOOKUP_REFRESH_MS,
  type RouteName,
  type RouteOutput,
} from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type NamedLookup = RouteOutput<Api['warrantyTypeGet']>;
export type RepairCode = RouteOutput<Api['repairCodeGet']>;
export type JobStatus = RouteOutput<Api['jobStatusGetAll']>[number];
export type AssetType = RouteOutput<Api['assetTypeGet']>;
export type FailureCode = RouteOutput<Api['failureCodeGet']>;

export const adminKeys = {
  lookups: (kind: LookupKind) => ['admin', 'lookups', kind] as const,
  repairCodes: ['admin', 'repair-codes'] as const,
  statuses: ['admin', 'job-statuses'] as const,
  // Under the statuses' key: the page's live refresh (a settings `JobStatus` event) reads them too.
  jobTypes: ['admin', 'job-statuses', 'types'] as const,
  priorities: ['admin', 'job-statuses', 'priorities'] as const,
  settings: (group: string) => ['admin', 'settings', group] as const,
  tasks: ['admin', 'tasks'] as const,
  /** The logs, each under ['admin', 'logs', kind]: a change reads the kind again. */
  logs: (kind: 'events' | 'sms' | 'tasks' | 'mail', filter: LogFilter) =>
    ['admin', 'logs', kind, filter] as const,
  plans: ['admin', 'task-plans'] as const,
  /** Under the PIM's keys: the asset type event refreshes them with the models and machines. */
  assetTypes: ['pim', 'asset-types'] as const,
  /** A supplier's failure codes, under its key: their changes are raised as the supplier's event. */
  failureCodes: (supplierId: number) => ['pim', 'suppliers', 'failure-codes', supplierId] as const,
};

/** The filters of a log page: a day range (001 §9 presets), a user, a type, a search word. */
export interface LogFilter {
  DateFrom?: string;
  DateTo?: string;
  UserId?: number;
  Type?: string;
  SearchWord?: string;
}
const queryOf = (f: LogFilter, Page: number, ItemsPerPage: number) => ({
  Page,
  ItemsPerPage,
  ...(f.DateFrom ? { DateFrom: f.DateFrom } : {}),
  ...(f.DateTo ? { DateTo: f.DateTo } : {}),
  ...(f.UserId ? { UserId: f.UserId } : {}),
  ...(f.Type ? { Type: f.Type } : {}),
  ...(f.SearchWord ? { SearchWord: f.SearchWord } : {}),
});

export function useEventLog(f: LogFilter) {
  return usePagedList(adminKeys.logs('events', f), (Page, ItemsPerPage, signal) =>
    callApi('eventLogs', { query: queryOf(f, Page, ItemsPerPage) }, { signal }),
  );
}
export function useSmsLog(f: LogFilter) {
  return usePagedList(adminKeys.logs('sms', f), (Page, ItemsPerPage, signal) =>
    callApi('smsLogs', { query: queryOf(f, Page, ItemsPerPage) }, { signal }),
  );
}
export function useTaskLog(f: LogFilter) {
  return usePagedList(adminKeys.logs('tasks', f), (Page, ItemsPerPage, signal) =>
    callApi('taskLogs', { query: queryOf(f, Page, ItemsPerPage) }, { signal }),
  );
}
export function useTaskPlans() {
  return useQuery({
    queryKey: adminKeys.plans,
    queryFn: ({ signal }) => callApi('taskPlans', {}, { signal }),
  });
}

/** The three named lookups of a job's machine lines, each with its calls (002 §7.9, §7.18). */
export type LookupKind = 'warrantyType' | 'repairPlace' | 'jobCategory';
export const LOOKUP_CALLS = {
  warrantyType: {
    list: 'warrantyTypeList',
    add: 'warrantyTypeAdd',
    change: 'warrantyTypeChange',
    remove: 'warrantyTypeRemove',
  },
  repairPlace: {
    list: 'repairPlaceList',
    add: 'repairPlaceAdd',
    change: 'repairPlaceChange',
    remove: 'repairPlaceRemove',
  },
  jobCategory: {
    list: 'jobCategoryList',
    add: 'jobCategoryCreate',
    change: 'jobCategoryChange',
    remove: null,
  },
} as const satisfies Record<LookupKind, Record<string, RouteName | null>>;

/**
 * A background refresher of a lookup (000 §9): read again every `ms`, besides the live events; a
 * failed read stops it (000 §8: logged and that refresher stops) until the screen reads it again.
 */
const refreshEvery =
  (ms: number) =>
  (query: { state: { status: 'pending' | 'error' | 'success' } }): number | false =>
    query.state.status === 'error' ? false : ms;

export function useLookups(kind: LookupKind) {
  return useQuery({
    queryKey: adminKeys.lookups(kind),
    queryFn: ({ signal }) =>
      callApi(LOOKUP_CALLS[kind].list, { query: { IncludeInactive: true } }, { signal }),
    refetchInterval: refreshEvery(LOOKUP_REFRESH_MS),
  });
}

export function useRepairCodes() {
  return useQuery({
    queryKey: adminKeys.repairCodes,
    queryFn: ({ signal }) => callApi('repairCodeList', { query: { IncludeInactive: true } }, { signal }),
  });
}

export function useJobStatuses() {
  return useQuery({
    queryKey: adminKeys.statuses,
    queryFn: ({ signal }) => callApi('jobStatusGetAll', {}, { signal }),
    refetchInterval: refreshEvery(JOB_STATUS_REFRESH_MS),
  });
}

/** The job types and priorities with their names per language (the job statuses page). */
export function useJobTypeNames() {
  return useQuery({
    queryKey: adminKeys.jobTypes,
    queryFn: ({ signal }) => callApi('jobTypeList', {}, { signal }),
  });
}

export function useJobPriorityNames() {
  return useQuery({
    queryKey: adminKeys.priorities,
    queryFn: ({ signal }) => callApi('jobPriorityList', {}, { signal }),
  });
}

export function useSettingsGroup(group: 'serviceprovider' | 'global' | 'features' | 'email') {
  return useQuery({
    queryKey: adminKeys.settings(group),
    queryFn: ({ signal }) => callApi('settingsGroupGet', { query: { group } }, { signal }),
  });
}

/** The mail log (Log/MailLogs/Filtered), paged like the other logs, by a word of the recipient or subject. */
export function useMailLog(search: string) {
  return usePagedList(
    adminKeys.logs('mail', search ? { SearchWord: search } : {}),
    (Page, ItemsPerPage, signal) =>
      callApi(
        'mailLogs',
        { query: { Page, ItemsPerPage, ...(search ? { SearchWord: search } : {}) } },
        { signal },
      ),
  );
}

/** Every asset type, active or not (AssetType/list); read only while the feature is on. */
export function useAssetTypes(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.assetTypes,
    queryFn: ({ signal }) => callApi('assetTypeList', {}, { signal }),
    enabled,
  });
}

/** A supplier's failure codes, the inactive ones too (SupplierFailureCode/supplier/{id}). */
export function useFailureCodes(supplierId: number | null) {
  return useQuery({
    queryKey: adminKeys.failureCodes(supplierId ?? 0),
    queryFn: ({ signal }) =>
      callApi(
        'failureCodesOfSupplier',
        { params: { id: supplierId ?? 0 }, query: { IncludeInactive: true } },
        { signal },
      ),
    enabled: supplierId !== null && supplierId > 0,
  });
}
