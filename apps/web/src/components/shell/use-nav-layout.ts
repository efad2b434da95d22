import { drawerWidth } from '@fieldport/contract';
import { useMemo } from 'react';
import { type Device, useDevice, useWindowSize } from '../../lib/device.ts';
import { usePreference } from '../../lib/preferences.ts';
import type { MenuNode } from '../../lib/routing/access.ts';
import type { AppRoute } from '../../lib/routing/routes.ts';

export interface NavLayout {
  device: Device;
  /** The whole drawer (rail plus child panel); 0 on phones, where the drawer is temporary. */
  width: number;
  /** The top-level icon rail. */
  railWidth: number;
  /** The top-level item of the active route, whose children fill the child panel. */
  activeTop: MenuNode | null;
  /** Whether the child panel shows. */
  childPanelOpen: boolean;
  setChildPanelOpen(open: boolean): void;
  inverted: boolean;
}

/**
 * Drawer width per 001 §2.2 (rules/layout.ts): the NavMenuWidth preference while the child panel
 * shows, else 95 / 85 / 65 by client height.
 */
export function useNavLayout(menu: MenuNode[], active: AppRoute | null): NavLayout {
  const device = useDevice();
  const { height } = useWindowSize();
  const [navMenuWidth] = usePreference('NavMenuWidth');
  const [panelPreference, setChildPanelOpen] = usePreference('NavChildPanelOpen');
  const [inverted] = usePreference('InvertedLayout');
  const activeTop = useMemo(() => menu.find((n) => active?.chain[0] === n.route) ?? null, [menu, active]);
  const childPanelOpen = device !== 'phone' && panelPreference && (activeTop?.children.length ?? 0) > 0;
  const railWidth = drawerWidth({ childPanelOpen: false, clientHeight: height });
  const width = device === 'phone' ? 0 : drawerWidth({ childPanelOpen, navMenuWidth, clientHeight: height });
  return { device, width, railWidth, activeTop, childPanelOpen, setChildPanelOpen, inverted };
}
