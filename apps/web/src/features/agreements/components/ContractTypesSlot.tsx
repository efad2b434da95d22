import { type ComponentType, useEffect, useState } from 'react';
import { loadNamespaces } from '../../../i18n/index.ts';
import { AFTER_FIRST_PAGE_MS } from '../../../lib/after-first-page.ts';

/** Loads the Agreements menu's contract types once the first page has settled (not in the first download). */
export function ContractTypesSlot() {
  const [Menu, setMenu] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        Promise.all([import('./ContractTypesMenu.tsx'), loadNamespaces(['agreements'])]).then(
          ([m]) => live && setMenu(() => m.default),
          () => undefined,
        ),
      AFTER_FIRST_PAGE_MS,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return Menu ? <Menu /> : null;
}
