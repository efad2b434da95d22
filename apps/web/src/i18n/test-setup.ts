// Unit tests render synchronously what the app fetches before it is needed: every translation namespace
// (the signed-in app loads the shell's before its first render, a page its own before it renders; only
// the sign-in page's are bundled) and the
// snackbar stack (loaded at the first interaction or notice), and the calls of the pages after the first
// (loaded after the first page: decision 077).
//
// The unit tier does not isolate its files (vitest.config.ts): a worker keeps the libraries it loaded
// (React, MUI, i18next) from file to file, which halves the tier's time. The app's own modules hold
// state (the outbox, the token store, the preferences' cache), so each file starts on fresh copies of
// them, loaded here after the registry is emptied, in English.
import { onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

vi.resetModules();
// What a file before may have left on the worker's globals.
vi.useRealTimers();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.unstubAllEnvs();
// A file that wants the device's IndexedDB asks for it (test/device-indexeddb.ts): a factory left by a
// file before would send this file's writes through the outbox with that file's records.
for (const scope of new Set([globalThis, typeof window === 'undefined' ? globalThis : window]))
  Reflect.deleteProperty(scope, 'indexedDB');
if (typeof window !== 'undefined') {
  // The worker's one document: its storage (a stored language would switch the fresh i18n), its page
  // and its address.
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  // Testing Library empties the page after each test only where vitest's globals are on (they are not).
  afterEach(cleanup);
}
// The network as online: a file that went offline (the outbox's tests) leaves TanStack Query's one
// online manager, a library the worker keeps, offline, which would pause every later file's queries.
const backOnline = () => {
  if (typeof navigator !== 'undefined') Reflect.deleteProperty(navigator, 'onLine');
  onlineManager.setOnline(true);
};
backOnline();
afterEach(backOnline);
const { loadSnackbarStack } = await import('../components/feedback/FeedbackProvider.tsx');
const { preloadLaterCalls } = await import('../lib/api/client.ts');
const { ALL_NAMESPACES, loadNamespaces, setLanguage } = await import('./index.ts');
const { applyDateLocale } = await import('./dates.ts');
const { applyMuiLocale } = await import('./mui-locale.ts');
// i18next, dayjs and MUI keep their language in the libraries themselves.
await Promise.all([setLanguage('en'), applyDateLocale('en'), applyMuiLocale('en')]);
await Promise.all([loadNamespaces(ALL_NAMESPACES), loadSnackbarStack(), preloadLaterCalls()]);

// What a test waits for (findBy…, waitFor) may take seconds on a busy 2-core machine: wait up to
// 15 s rather than testing-library's 1 s (a timing no test should depend on).
configure({ asyncUtilTimeout: 15_000 });
