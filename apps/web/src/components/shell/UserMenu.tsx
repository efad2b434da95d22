import { isStaff } from '@fieldport/contract';
import AccountCircle from '@mui/icons-material/AccountCircle';
import Info from '@mui/icons-material/Info';
import Logout from '@mui/icons-material/Logout';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Settings from '@mui/icons-material/Settings';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import SwitchLeft from '@mui/icons-material/SwitchLeft';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreference } from '../../lib/preferences.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { useActiveRoute } from '../../lib/routing/hooks.ts';
import { legacyAddressOf } from '../../lib/routing/legacy.ts';
import { useSession } from '../../lib/session.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LazyMenu } from './LazyMenu.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';

interface UserAction {
  id: string;
  label: string;
  icon: ReactNode;
  to?: string;
  onClick?: () => void;
}

/** My account, site settings, old site (non-SaaS, where the page has one), change portal (staff), about and the layout side. */
function useUserActions(): UserAction[] {
  const { t } = useTranslation(['shell', 'routes']);
  const { info } = useSession();
  const { route, params } = useActiveRoute();
  const [inverted, setInverted] = usePreference('InvertedLayout');
  const actions: UserAction[] = [
    { id: 'my-account', label: t('routes:MyAccount'), icon: <AccountCircle />, to: pathFor('MyAccount') },
    { id: 'site-settings', label: t('routes:SiteSettings'), icon: <Settings />, to: pathFor('SiteSettings') },
  ];
  // Offered only where they mean something (issue 35.7), and to staff only (the old site and the other
  // portals are the office's; a customer's or partner's user has its one portal): the old site where
  // this page has an old-site address, and not in SaaS mode.
  const staff = info ? isStaff(info.UserInfo.UserTypeId) : false;
  const legacy = route ? legacyAddressOf(route, params) : null;
  if (staff && !info?.GlobalSettings.IsSaasMode && legacy) {
    actions.push({
      id: 'old-site',
      label: t('shell:user.oldSite'),
      icon: <OpenInNew />,
      to: pathFor('OldSite', {}, { page: legacy }),
    });
  }
  if (staff)
    actions.push({
      id: 'change-portal',
      label: t('shell:user.changePortal'),
      icon: <SwapHoriz />,
      onClick: () => window.location.assign(`${window.location.origin}/`),
    });
  actions.push(
    {
      id: 'layout-side',
      label: inverted ? t('shell:user.drawerLeft') : t('shell:user.drawerRight'),
      icon: <SwitchLeft />,
      onClick: () => setInverted(!inverted),
    },
    { id: 'about', label: t('routes:About'), icon: <Info />, to: pathFor('About') },
  );
  return actions;
}

/** The avatar menu of the desktop rail: who is signed in, the user actions and log out. */
export function UserMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose(): void }) {
  const { t } = useTranslation('shell');
  const { info } = useSession();
  const actions = useUserActions();
  const name = info?.UserInfo.Name ?? '';
  return (
    <LazyMenu
      anchorEl={anchor}
      open={!!anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
    >
      {/* An array, not a fragment: the menu list moves the focus among its direct children. */}
      {(MenuItem) => [
        <Box key="who" sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle2">{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {info?.UserInfo.EmailAdress}
          </Typography>
        </Box>,
        <Divider key="divider-actions" />,
        ...actions.map((action) => (
          <MenuItem
            key={action.id}
            {...(action.to ? { component: Link, to: action.to } : {})}
            onClick={() => {
              onClose();
              action.onClick?.();
            }}
            data-testid={`user-action-${action.id}`}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        )),
        <Divider key="divider-logout" />,
        <MenuItem key="logout" component={Link} to={pathFor('Logout')} onClick={onClose}>
          <ListItemIcon>
            <Logout />
          </ListItemIcon>
          <ListItemText>{t('user.logout')}</ListItemText>
        </MenuItem>,
      ]}
    </LazyMenu>
  );
}

/** The user block as a list (phone drawer). */
export function ListUserBlock({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('shell');
  const { info } = useSession();
  const actions = useUserActions();
  return (
    <List
      dense
      data-testid="user-block"
      aria-label={t('user.block')}
      subheader={
        <ListSubheader component="li" sx={{ lineHeight: 1.4, py: 1 }}>
          <Typography variant="subtitle2" component="div">
            {info?.UserInfo.Name}
          </Typography>
          <Typography variant="caption" component="div" color="text.secondary">
            {info?.UserInfo.EmailAdress}
          </Typography>
        </ListSubheader>
      }
    >
      {/* A list holds list items only (axe's list rule): every row sits in its li. */}
      {actions.map((action) => (
        <li key={action.id}>
          <ListItemButton
            {...(action.to ? { component: Link, to: action.to } : {})}
            onClick={() => {
              action.onClick?.();
              onNavigate?.();
            }}
            data-testid={`user-action-${action.id}`}
          >
            <ListItemIcon>{action.icon}</ListItemIcon>
            <ListItemText primary={action.label} />
          </ListItemButton>
        </li>
      ))}
      <Stack component="li" direction="row" spacing={1} sx={{ px: 1.5, py: 0.5 }}>
        <ThemeToggle />
        <LanguageSwitch variant="button" />
      </Stack>
      <li>
        <ListItemButton component={Link} to={pathFor('Logout')} onClick={onNavigate}>
          <ListItemIcon>
            <Logout />
          </ListItemIcon>
          <ListItemText primary={t('user.logout')} />
        </ListItemButton>
      </li>
    </List>
  );
}
