import { FIRST_TIME_MESSAGE_VERSION } from '@fieldport/contract';
import Box from '@mui/material/Box';
import { lazy, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigationType } from 'react-router';
import { useDevice } from '../../lib/device.ts';
import { buildMenu } from '../../lib/routing/access.ts';
import { useAccessContext, useActiveRoute } from '../../lib/routing/hooks.ts';
import { useSession } from '../../lib/session.tsx';
import { Footer } from './Footer.tsx';
import { HeaderBar } from './HeaderBar.tsx';
import { NavDrawer } from './NavDrawer.tsx';
import { ShellPart } from './ShellPart.tsx';
import { SkipLink } from './SkipLink.tsx';
import { SubMenuTabs } from './SubMenuTabs.tsx';
import { useNavLayout } from './use-nav-layout.ts';

// Not at a returning user's first paint, so each loads when it is shown (decision 012): the first-time
// message is a dialog (Modal, focus trap, transitions), the action button exists on phones only.
const FirstTimeMessage = lazy(() =>
  import('../feedback/FirstTimeMessage.tsx').then((m) => ({ default: m.FirstTimeMessage })),
);
const MobileFab = lazy(() => import('./MobileFab.tsx').then((m) => ({ default: m.MobileFab })));

/**
 * The application shell (001 §2.2): navigation drawer, header bar with breadcrumbs, title, actions and
 * search, the sub-menu tab bar, the page, and the footer. Menu and tabs come from the route table.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const ctx = useAccessContext();
  const { route, params } = useActiveRoute();
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const [mobileOpen, setMobileOpen] = useState(false);
  const compact = useDevice() !== 'desktop';
  const menu = useMemo(() => (ctx ? buildMenu(ctx, { compact }) : []), [ctx, compact]);
  const layout = useNavLayout(menu, route);
  // Due while the user (on the server, not this browser: decision 074) has not put this version away.
  const seen = useSession().info?.UserInfo.FirstTimeMessageSeen;
  const firstTime = seen !== undefined && seen < FIRST_TIME_MESSAGE_VERSION;

  const { t } = useTranslation('shell');
  const main = useRef<HTMLElement | null>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on every navigation
  useEffect(() => {
    // A redirect (the landing's / → My page → Today) replaces the address: a menu opened meanwhile stays.
    if (navigationType !== 'REPLACE') setMobileOpen(false);
    // A new page takes the focus (not the first, which leaves it to the browser), so the keyboard
    // goes on from the page's start instead of the page's body.
    if (first.current) first.current = false;
    else if (!main.current?.contains(document.activeElement)) main.current?.focus({ preventScroll: true });
  }, [pathname]);

  if (!ctx) return null;
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: layout.inverted ? 'row-reverse' : 'row',
        height: '100dvh',
        overflow: 'hidden',
        bgcolor: 'background.default',
      }}
    >
      <SkipLink target="main">{t('skipToContent')}</SkipLink>
      <NavDrawer
        menu={menu}
        active={route}
        layout={layout}
        mobileOpen={mobileOpen}
        onMobileClose={() => setMobileOpen(false)}
      />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <HeaderBar
          route={route}
          params={params}
          device={layout.device}
          onOpenMenu={() => setMobileOpen(true)}
        />
        <SubMenuTabs route={route} params={params} ctx={ctx} device={layout.device} />
        <Box
          component="main"
          id="main"
          ref={main}
          tabIndex={-1}
          sx={{
            flex: 1,
            minHeight: 0,
            overflow: 'auto',
            // Room for the background task panel while it shows (features/tasks/TaskPanel.tsx).
            pb: 'var(--task-panel-space, 0px)',
            '&:focus': { outline: 'none' },
          }}
        >
          {children}
        </Box>
        <Footer />
      </Box>
      <ShellPart fallback={null}>
        {layout.device === 'phone' ? <MobileFab inverted={layout.inverted} /> : null}
        {firstTime ? <FirstTimeMessage /> : null}
      </ShellPart>
    </Box>
  );
}
