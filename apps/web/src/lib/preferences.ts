import { DEFAULT_NAV_WIDTH } from '@fieldport/contract';
import { useCallback, useSyncExternalStore } from 'react';

/** A global search history entry (001 §3). */
export interface SearchHistoryEntry {
  query: string;
  stamp: string;
}

/** A saved job list filter: its name and the choice it applies (features/jobs/job-list-filters.ts). */
export interface CustomJobListFilter {
  Name: string;
  SearchWord: string;
  JobTypeIdList: number[];
  JobPriorityIdList: number[];
  OrderDepartmentIdList: number[];
}

/**
 * Preferences kept in local storage under named keys (000 §3, 001 §3). Values are stored as JSON.
 * The UI language is not here: it lives under the plain key 'lang' (see i18n), which the API client
 * also reads for Accept-Language.
 */
export interface Preferences {
  NavMenuWidth: number;
  /** The drawer on the right instead of the left. */
  InvertedLayout: boolean;
  /** Whether the desktop child panel is shown (the user can collapse it). */
  NavChildPanelOpen: boolean;
  /** 'system' follows the operating system's light or dark setting. */
  ThemeMode: 'light' | 'dark' | 'system';
  GlobalSearchHistory: SearchHistoryEntry[];
  /**
   * The preview pane's open panels per route name (000 §2, decision 033): `{ JobList: ['customer', …] }`;
   * a route with no entry shows every panel open.
   */
  JobPreviewPaneMode: Record<string, string[]>;
  /** The job list's saved filters (000 §3), in the order saved. */
  CustomJobListFilterList: CustomJobListFilter[];
  /** What job list items show (000 §2): any of Compact, Machines, Appointments. */
  JobListViewOptions: string[];
  /** The departments whose jobs the Jobs menu's status counts show (000 §3); none: every department. */
  JobListFilterOrderDepartmentDefault: number[];
  /** The planner (000 §3): its scope, mode, row grouping and filters, and the work-hour limit. */
  PlannerScope: 'QDay' | 'QWeek' | 'QMonth';
  PlannerMode: 'Scheduler' | 'List';
  PlannerUserGroupBy: 'none' | 'type' | 'department';
  /** What the planner's appointments are coloured by (issue 30.4): their timing, or a value of their job. */
  PlannerColourBy: 'timing' | 'status' | 'priority' | 'jobType';
  LimitToWorkHours: boolean;
  PlannerHiddenUserList: number[];
  PlannerDepartmentList: number[];
  /** The planner's job list panel (000 §2, §3): shown, items or old cards, its filter and width (%). */
  PlannerJobListShow: boolean;
  PlannerJobListItemMode: 'Items' | 'Cards';
  PlannerJobListStatusFilterMultiple: number[];
  PlannerJobListSubStatusFilter: number[];
  PlannerJobListDepartmentFilter: number[];
  PlannerJobListWidth: number;
  /** Where the job list sits (000 §9): beside the schedule, or above or below it (222 px high). */
  PlannerJobListPlacement: 'side' | 'top' | 'bottom';
  /** The planner's list mode (000 §2, §3): its toggles. */
  PlannerListShowAsJobs: boolean;
  PlannerListHideCompletedJobs: boolean;
  PlannerListHideAbsence: boolean;
  /** The list mode's resource list width in percent (000 §9: 18). */
  PlannerResourceListWidth: number;
  /** The planner's map (000 §3): shown, the split, the marker statuses (none: below 50), its options. */
  PlannerMapShow: boolean;
  PlannerMapWidth: number;
  PlannerMarkerStatusFilter: number[];
  /** Only the choices made; the map fills in the rest (features/planner/components/map). */
  PlannerMapOptions: Partial<PlannerMapOptions>;
}

/** The map settings dialog's choices (000 §2). */
export interface PlannerMapOptions {
  mapType: 'Map' | 'Satellite';
  navigator: boolean;
  zoom: boolean;
  mapTypeControl: boolean;
  scale: boolean;
  rotate: boolean;
  fullscreen: boolean;
}

const PREFERENCE_DEFAULTS: Preferences = {
  NavMenuWidth: DEFAULT_NAV_WIDTH,
  InvertedLayout: false,
  NavChildPanelOpen: true,
  ThemeMode: 'light',
  GlobalSearchHistory: [],
  JobPreviewPaneMode: {},
  CustomJobListFilterList: [],
  JobListViewOptions: ['Machines', 'Appointments'],
  JobListFilterOrderDepartmentDefault: [],
  // 000 §9: the day scope, the scheduler, limited to work hours.
  PlannerScope: 'QDay',
  PlannerMode: 'Scheduler',
  PlannerUserGroupBy: 'none',
  PlannerColourBy: 'timing',
  LimitToWorkHours: true,
  PlannerHiddenUserList: [],
  PlannerDepartmentList: [],
  // 000 §9: unplanned jobs (status 10), 30 percent wide.
  PlannerJobListShow: true,
  PlannerJobListItemMode: 'Items',
  PlannerJobListStatusFilterMultiple: [10],
  PlannerJobListSubStatusFilter: [],
  PlannerJobListDepartmentFilter: [],
  PlannerJobListWidth: 30,
  PlannerJobListPlacement: 'side',
  PlannerListShowAsJobs: false,
  PlannerListHideCompletedJobs: false,
  PlannerListHideAbsence: false,
  PlannerResourceListWidth: 18,
  // 000 §9: the split at 66 percent (the scheduler's share).
  PlannerMapShow: false,
  PlannerMapWidth: 66,
  PlannerMarkerStatusFilter: [],
  PlannerMapOptions: {},
};

export type PreferenceKey = keyof Preferences;

const listeners = new Set<() => void>();
const cache = new Map<PreferenceKey, { raw: string | null; value: unknown }>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function getPreference<K extends PreferenceKey>(key: K): Preferences[K] {
  const raw = storage()?.getItem(key) ?? null;
  const hit = cache.get(key);
  // Same raw text gives the same value object, so useSyncExternalStore sees a stable snapshot.
  if (hit && hit.raw === raw) return hit.value as Preferences[K];
  let value: Preferences[K] = PREFERENCE_DEFAULTS[key];
  if (raw !== null) {
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (typeof parsed === typeof PREFERENCE_DEFAULTS[key] || Array.isArray(PREFERENCE_DEFAULTS[key])) {
        value = parsed as Preferences[K];
      }
    } catch {
      // A corrupt value falls back to the default.
    }
  }
  cache.set(key, { raw, value });
  return value;
}

/** Every preference as it now is (the store inspector shows them). */
export function allPreferences(): Preferences {
  return Object.fromEntries(
    (Object.keys(PREFERENCE_DEFAULTS) as PreferenceKey[]).map((k) => [k, getPreference(k)]),
  ) as unknown as Preferences;
}

function setPreference<K extends PreferenceKey>(key: K, value: Preferences[K]): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the preference lasts for this page only.
    cache.set(key, { raw: null, value });
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A preference as React state, shared by every component that reads it and across tabs. */
export function usePreference<K extends PreferenceKey>(
  key: K,
): [Preferences[K], (value: Preferences[K]) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => getPreference(key),
    () => PREFERENCE_DEFAULTS[key],
  );
  const set = useCallback((next: Preferences[K]) => setPreference(key, next), [key]);
  return [value, set];
}
