import { type ComponentType, useEffect, useState } from 'react';
import { loadNamespaces } from '../../../i18n/index.ts';
import { AFTER_FIRST_PAGE_MS } from '../../../lib/after-first-page.ts';

/**
 * Loads the work queue (the Jobs menu's status groups, their counts and drops; decision 032) once the
 * first page has settled: none of it is in the first download. A failed load leaves the menu as it is.
 */
export function WorkQueueSlot() {
  const [WorkQueue, setWorkQueue] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        // With its texts: the menu shows none of it before they are there.
        Promise.all([import('./WorkQueue.tsx'), loadNamespaces(['jobs'])]).then(
          ([m]) => live && setWorkQueue(() => m.default),
          () => undefined,
        ),
      AFTER_FIRST_PAGE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return WorkQueue ? <WorkQueue /> : null;
}
