import type { SvgIconComponent } from '@mui/icons-material';
import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import { useSyncExternalStore } from 'react';
import { type IconName, RAIL_ICONS, ROUTE_ICONS } from '../../lib/routing/route-icons.ts';

/** Icons loaded so far, and who waits for the next one. */
type LazyIconName = keyof typeof ROUTE_ICONS;
const loaded = new Map<IconName, SvgIconComponent>(
  Object.entries(RAIL_ICONS) as [IconName, SvgIconComponent][],
);
const loading = new Set<IconName>();
const listeners = new Set<() => void>();

function load(name: IconName): void {
  if (loaded.has(name) || loading.has(name)) return;
  loading.add(name);
  ROUTE_ICONS[name as LazyIconName]().then(
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
 * shell; each other icon is loaded the first time one shows it (a menu shows a handful of the
 * table's icons); until then an empty icon box of the same size keeps the layout still.
 */
export function RouteIcon({ name, ...props }: { name: IconName | undefined } & SvgIconProps) {
  // Started during render, not after it, so the icon's file is requested with the first paint.
  if (name) load(name);
  const Icon = useSyncExternalStore(subscribe, () => (name ? loaded.get(name) : undefined));
  if (!name) return null;
  if (!Icon) return <SvgIcon {...props} aria-hidden />;
  return <Icon {...props} />;
}
