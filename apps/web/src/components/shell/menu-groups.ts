import { type ComponentType, useSyncExternalStore } from 'react';

/** Where a menu group is drawn: its depth in the tree; a click on one of its links closes the phone's drawer. */
export interface MenuGroupProps {
  depth: number;
  onNavigate?: (() => void) | undefined;
}

/**
 * Entries a feature adds below a route's menu children after the first page (the Jobs menu's status
 * groups, decision 032): the shell may not import features, so they put their component here.
 */
let groups: Readonly<Record<string, ComponentType<MenuGroupProps>>> = {};
const listeners = new Set<() => void>();

export function setMenuGroup(route: string, group: ComponentType<MenuGroupProps> | null): void {
  const { [route]: _, ...rest } = groups;
  groups = group ? { ...rest, [route]: group } : rest;
  for (const l of [...listeners]) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const read = () => groups;

export const useMenuGroup = (route: string) => useSyncExternalStore(subscribe, read, read)[route];
