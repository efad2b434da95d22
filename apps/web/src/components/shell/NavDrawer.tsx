import { logoMaxWidth } from '@fieldport/contract';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWindowSize } from '../../lib/device.ts';
import type { MenuNode } from '../../lib/routing/access.ts';
import type { AppRoute } from '../../lib/routing/routes.ts';
import { CountBadge } from './CountBadge.tsx';
import { LazyTooltip } from './LazyTooltip.tsx';
import { MenuTree } from './MenuTree.tsx';
import { RouteIcon } from './RouteIcon.tsx';
import { ShellPart } from './ShellPart.tsx';
import { useShellState } from './shell-context.tsx';
import { RailUserBlock } from './UserBlock.tsx';
import type { NavLayout } from './use-nav-layout.ts';

function Logo({ iconMode }: { iconMode: boolean }) {
  const { t } = useTranslation('shell');
  const { height } = useWindowSize();
  const size = logoMaxWidth(iconMode, height);
  return (
    <Box
      component={Link}
      to="/"
      // With the name and tagline shown, they name the link (WCAG 2.5.3: the visible text is in the
      // name); the icon alone is named for what it opens.
      aria-label={iconMode ? t('brand.home') : undefined}
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', p: 1 }}
    >
      <Box
        aria-hidden
        sx={{
          width: Math.min(size, 40),
          height: Math.min(size, 40),
          borderRadius: 2,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          flex: 'none',
        }}
      >
        F
      </Box>
      {iconMode ? null : (
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.1 }} noWrap>
            {t('brand.name')}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {t('brand.tagline')}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** A top-level item of the desktop icon rail: icon, short name and count badge. */
function RailItem(props: { node: MenuNode; active: boolean; width: number; onOpen(): void }) {
  const { node, active, width, onOpen } = props;
  const { t } = useTranslation('routes');
  const { counts } = useShellState();
  const label = t(node.displayKey);
  const count = node.count ? counts[node.count] : undefined;
  // The name starts with the badge's text as shown, then the caption: the visible text, in its order,
  // is the name (WCAG 2.5.3).
  const name = count ? `${count > 99 ? '99+' : count} ${label}` : label;
  return (
    <LazyTooltip title={label} placement="right">
      <ButtonBase
        component={Link}
        to={node.to}
        onClick={onOpen}
        aria-current={active ? 'page' : undefined}
        aria-label={name}
        data-testid={`menu-item-${node.id}`}
        sx={{
          width: width - 8,
          mx: 0.5,
          py: 1,
          borderRadius: 2,
          flexDirection: 'column',
          gap: 0.25,
          // On the selected grey the dark theme's main blue is 4.47:1, below AA; its light blue is 6:1.
          color: active
            ? (theme) => theme.palette.primary[theme.palette.mode === 'dark' ? 'light' : 'main']
            : 'text.secondary',
          bgcolor: active ? 'action.selected' : 'transparent',
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        {node.icon ? (
          <CountBadge count={count} max={99}>
            <RouteIcon name={node.icon} />
          </CountBadge>
        ) : null}
        {/* Apart from the badge's number in the visible text too (the flex box draws no space). */}{' '}
        {width >= 80 ? (
          <Typography variant="caption" noWrap sx={{ maxWidth: '100%', px: 0.5, fontSize: 11 }}>
            {label}
          </Typography>
        ) : null}
      </ButtonBase>
    </LazyTooltip>
  );
}

interface NavDrawerProps {
  menu: MenuNode[];
  active: AppRoute | null;
  layout: NavLayout;
  mobileOpen: boolean;
  onMobileClose(): void;
}

// Phones only: Drawer brings Slide and Modal (about 9 KB gzipped) that the desktop never uses.
const PhoneNavDrawer = lazy(() => import('./PhoneNavDrawer.tsx'));
const ListUserBlock = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.ListUserBlock })));

/**
 * The navigation drawer (001 §2.2). Desktop and tablet: a two-step menu, the top-level icon rail plus
 * a collapsible panel with the children of the active top-level route. Phones: one list in a
 * temporary drawer. The drawer sits on the right with the inverted layout preference.
 */
export function NavDrawer({ menu, active, layout, mobileOpen, onMobileClose }: NavDrawerProps) {
  const { t } = useTranslation(['shell', 'routes']);
  const anchor = layout.inverted ? 'right' : 'left';

  if (layout.device === 'phone') {
    return (
      <ShellPart fallback={null}>
        <PhoneNavDrawer
          anchor={anchor}
          width={layout.width}
          open={mobileOpen}
          onClose={onMobileClose}
          logo={<Logo iconMode={false} />}
          menu={
            <MenuTree nodes={menu} active={active} onNavigate={onMobileClose} label={t('shell:menu.label')} />
          }
          userBlock={<ListUserBlock onNavigate={onMobileClose} />}
        />
      </ShellPart>
    );
  }

  const { activeTop, childPanelOpen, railWidth, width } = layout;
  const borderSide = layout.inverted ? 'borderLeft' : 'borderRight';
  return (
    <Box
      component="aside"
      data-testid="nav-drawer"
      data-width={width}
      sx={{
        width,
        flex: 'none',
        display: 'flex',
        flexDirection: layout.inverted ? 'row-reverse' : 'row',
        height: '100%',
        bgcolor: 'background.paper',
        [borderSide]: 1,
        borderColor: 'divider',
        transition: 'width 150ms ease',
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          width: railWidth,
          flex: 'none',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          [borderSide]: childPanelOpen ? 1 : 0,
          borderColor: 'divider',
        }}
      >
        <Logo iconMode />
        <Box
          component="nav"
          aria-label={t('shell:menu.label')}
          sx={{
            flex: 1,
            overflowY: 'auto',
            overflowX: 'hidden',
            width: '100%',
            display: 'flex',
            flexDirection: 'column',
            gap: 0.5,
          }}
        >
          {menu.map((node) => (
            <RailItem
              key={node.id}
              node={node}
              width={railWidth}
              active={node === activeTop}
              onOpen={() => {
                if (node.children.length > 0)
                  layout.setChildPanelOpen(node === activeTop ? !childPanelOpen : true);
              }}
            />
          ))}
        </Box>
        <RailUserBlock />
      </Box>
      {childPanelOpen && activeTop ? (
        <Box
          sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
          data-testid="nav-child-panel"
        >
          <Box sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, minHeight: 56 }}>
            <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
              {t(`routes:${activeTop.displayKey}`)}
            </Typography>
            <IconButton
              onClick={() => layout.setChildPanelOpen(false)}
              aria-label={t('shell:menu.collapsePanel')}
            >
              {layout.inverted ? <ChevronRight /> : <ChevronLeft />}
            </IconButton>
          </Box>
          <Divider />
          <Box sx={{ flex: 1, overflowY: 'auto' }}>
            <MenuTree
              nodes={activeTop.children}
              active={active}
              group={activeTop.id}
              label={t('shell:menu.childLabel', { name: t(`routes:${activeTop.displayKey}`) })}
            />
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
