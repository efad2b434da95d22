import { DEFAULT_NAV_WIDTH } from '@fieldport/contract';
import { useCallback, useSyncExternalStore } from 'react';

/** A global search history entry (001 §3). */
export interface SearchHistoryEntry {
  query: string;
  stamp: string;
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
  JobPreviewPaneMode: string;
  /** What job list items show (000 §2): any of Compact, Machines, Appointments. */
  JobListViewOptions: string[];
}

const PREFERENCE_DEFAULTS: Preferences = {
  NavMenuWidth: DEFAULT_NAV_WIDTH,
  InvertedLayout: false,
  NavChildPanelOpen: true,
  ThemeMode: 'light',
  GlobalSearchHistory: [],
  JobPreviewPaneMode: 'right',
  JobListViewOptions: ['Machines', 'Appointments'],
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
