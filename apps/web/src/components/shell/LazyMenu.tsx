import type { MenuProps } from '@mui/material/Menu';
import type MenuItemComponent from '@mui/material/MenuItem';
import { lazy, type ReactNode, useState } from 'react';
import { ShellPart } from './ShellPart.tsx';

type MenuItemType = typeof MenuItemComponent;
type LazyMenuProps = Omit<MenuProps, 'children'> & {
  /** The items; as a function, they get MenuItem from the menu's chunk, so the caller need not import it. */
  children: ReactNode | ((MenuItem: MenuItemType) => ReactNode);
};

// Menu brings Popover, Modal, MenuList and Grow, MenuItem its roving focus (about 12 KB gzipped in
// all): no menu is open at first paint, so they load when one first opens (decision 012).
const Menu = lazy(() =>
  import('./menu-parts.ts').then(({ Menu: MenuPart, MenuItem }) => ({
    default: ({ children, ...props }: LazyMenuProps) => (
      <MenuPart {...props}>{typeof children === 'function' ? children(MenuItem) : children}</MenuPart>
    ),
  })),
);

/**
 * MUI's Menu, rendered from the first time it opens and kept mounted afterwards, so it closes with
 * its transition and reopens at once.
 */
export function LazyMenu(props: LazyMenuProps) {
  const [used, setUsed] = useState(props.open);
  if (props.open && !used) setUsed(true);
  if (!used) return null;
  return (
    <ShellPart fallback={null}>
      <Menu {...props} />
    </ShellPart>
  );
}
