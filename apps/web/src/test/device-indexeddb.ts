// The device's IndexedDB for one unit test file, empty: fake-indexeddb's classes on the worker's
// globals (installed once per worker, as Node caches the package) and a new factory for this file.
// test-setup.ts takes `indexedDB` away before each file, so a file that does not import this runs as
// a browser without IndexedDB would, whatever the files before it in the worker did (decision 092).
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';

const fresh = new IDBFactory();
for (const scope of new Set([globalThis, typeof window === 'undefined' ? globalThis : window]))
  Object.defineProperty(scope, 'indexedDB', { value: fresh, configurable: true, writable: true });
