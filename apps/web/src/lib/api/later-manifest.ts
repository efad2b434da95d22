import type { ManifestEntry } from '@fieldport/contract';
import { apiManifest, type WebCallName } from '@fieldport/contract/manifest';

let later: Promise<Partial<Record<WebCallName, ManifestEntry>>> | null = null;
/** The later calls once loaded: a call among them is then made without waiting a turn. */
let laterLoaded: Partial<Record<WebCallName, ManifestEntry>> | null = null;

/**
 * The calls the first page does not make (decision 077): a chunk of their own, loaded with the first
 * such call, or earlier by `preloadLaterCalls`; a failed load is tried again by the next call.
 */
export function loadLaterManifest(): Promise<Partial<Record<WebCallName, ManifestEntry>>> {
  later ??= import('@fieldport/contract/manifest-later').then(
    (m) => {
      laterLoaded = m.laterManifest;
      return m.laterManifest;
    },
    (err: unknown) => {
      later = null;
      throw err;
    },
  );
  return later;
}

/**
 * Loads the other pages' calls ahead of their first use: after the first page (SignedInLayout), and
 * before the unit tests (which make those calls at once, as a page does after its first).
 */
export function preloadLaterCalls(): Promise<void> {
  return loadLaterManifest().then(
    () => undefined,
    () => undefined,
  );
}

/**
 * The method of a call named in a failure's ticket whose method was left blank (the later calls could
 * not be loaded then): loads them now; null when they still cannot be loaded or the name is no call.
 */
export async function methodOfCall(name: string): Promise<string | null> {
  const call = name as WebCallName;
  const route = apiManifest[call] ?? (await loadLaterManifest().catch(() => null))?.[call];
  return route?.method ?? null;
}

/** The route of a call among the later ones, when they are already loaded. */
export const loadedLaterRoute = (name: WebCallName) => laterLoaded?.[name];
