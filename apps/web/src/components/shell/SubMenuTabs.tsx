import Box from '@mui/material/Box';
import { lazy, useMemo } from 'react';
import type { Device } from '../../lib/device.ts';
import { type AccessContext, type Params, tabsFor } from '../../lib/routing/access.ts';
import type { AppRoute } from '../../lib/routing/routes.ts';
import { LAYOUT } from '../../theme/index.ts';
import { ShellPart } from './ShellPart.tsx';

// Tabs with their scrolling and indicator are shown on some routes only, so they load with the first.
const SubMenuTabBar = lazy(() => import('./SubMenuTabBar.tsx'));

/**
 * The sub-menu tab bar (001 §2.2) for routes with a context menu: window width / 100 − 3 tabs show,
 * the rest go under 'More' ('Tabs' on phones). A page may disable a tab with a hint.
 */
export function SubMenuTabs(props: {
  route: AppRoute | null;
  params: Params;
  ctx: AccessContext;
  device: Device;
}) {
  const { route, params, ctx, device } = props;
  const bar = useMemo(() => (route ? tabsFor(route, ctx, params) : null), [route, ctx, params]);
  if (!bar || bar.tabs.length === 0) return null;
  return (
    // The bar's height is kept while its code loads, so the page does not jump.
    <ShellPart
      fallback={<Box sx={{ minHeight: LAYOUT.subMenuHeight, borderBottom: 1, borderColor: 'divider' }} />}
    >
      <SubMenuTabBar bar={bar} device={device} />
    </ShellPart>
  );
}
