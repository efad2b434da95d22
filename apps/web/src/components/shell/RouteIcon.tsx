import type { SvgIconComponent } from '@mui/icons-material';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import { useSyncExternalStore } from 'react';
import { AFTER_FIRST_PAGE_MS } from '../../lib/after-first-page.ts';
import { RAIL_ICONS } from '../../lib/routing/rail-icons.ts';
import type { IconName, ROUTE_ICONS } from '../../lib/routing/route-icons.ts';

type LazyIconName = keyof typeof ROUTE_ICONS;

/**
 * The table of the other icons, a chunk of its own: asked for once the first page has settled (the
 * first download is the page, not the menu's decorations), at once after that.
 */
let table: Promise<typeof ROUTE_ICONS> | null = null;
function iconTable(): Promise<typeof ROUTE_ICONS> {
  if (!table) {
    table = new Promise((settled) => setTimeout(settled, AFTER_FIRST_PAGE_MS))
      .then(() => import('../../lib/routing/route-icons.ts'))
      .then((m) => m.ROUTE_ICONS);
    // A failed load is asked for again by the next icon shown.
    table.catch(() => {
      table = null;
    });
  }
  return table;
}

/** Icons loaded so far, and who waits for the next one. */
const loaded = new Map<IconName, SvgIconComponent>(
  Object.entries(RAIL_ICONS) as [IconName, SvgIconComponent][],
);
const loading = new Set<IconName>();
const listeners = new Set<() => void>();

function load(name: IconName): void {
  if (loaded.has(name) || loading.has(name)) return;
  loading.add(name);
  iconTable()
    .then((icons) => icons[name as LazyIconName]())
    .then(
      (m) => {
        loaded.set(name, m.default);
        for (const notify of listeners) notify();
      },
      // A failed chunk load leaves the empty box; the next render tries again.
      () => loading.delete(name),
    );
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => void listeners.delete(notify);
};

/**
 * The icon of a route or menu entry, by its name in the route table. The rail's icons come with the
 * shell; each other icon is loaded the first time one shows it, once the first page has settled (a
 * menu shows a handful of the table's icons); until then an empty icon box of the same size keeps the
 * layout still.
 */
export function RouteIcon({ name, ...props }: { name: IconName | undefined } & SvgIconProps) {
  // Started during render, not after it: no effect pass stands between the page and its icons.
  if (name) load(name);
  const Icon = useSyncExternalStore(subscribe, () => (name ? loaded.get(name) : undefined));
  if (!name) return null;
  if (!Icon) return <SvgIcon {...props} aria-hidden />;
  return <Icon {...props} />;
}
