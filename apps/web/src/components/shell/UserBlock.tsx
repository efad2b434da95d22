import Logout from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathFor } from '../../lib/routing/access.ts';
import { useSession } from '../../lib/session.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { LazyTooltip } from './LazyTooltip.tsx';
import { ShellPart } from './ShellPart.tsx';
import { ThemeToggle } from './ThemeToggle.tsx';
import { initials } from './user-initials.ts';

// The avatar menu's items (their icons, the old site's address mapping) load when it first opens.
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

/** The user block at the foot of the desktop icon rail: avatar menu, theme, language and log out. */
export function RailUserBlock() {
  const { t } = useTranslation('shell');
  const { info } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's code loads at the first opening and stays mounted afterwards (as LazyMenu does).
  const [menuUsed, setMenuUsed] = useState(false);
  if (anchor && !menuUsed) setMenuUsed(true);
  const name = info?.UserInfo.Name ?? '';
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'center', py: 1 }} data-testid="user-block">
      <ThemeToggle />
      <LanguageSwitch />
      <LazyTooltip title={t('user.menu', { name })}>
        <IconButton
          onClick={(e) => setAnchor(e.currentTarget)}
          aria-label={t('user.menu', { name })}
          aria-haspopup="menu"
        >
          {/* MUI's Avatar as it looks with initials, without its image loading (0.7 KB gzipped). The
              initials are drawn, not text: the button's name is the whole name (WCAG 2.5.3). */}
          <Box
            component="span"
            data-initials={initials(name)}
            sx={{
              '&::before': { content: 'attr(data-initials)' },
              width: 32,
              height: 32,
              borderRadius: '50%',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              flexShrink: 0,
              fontSize: 14,
              lineHeight: 1,
              userSelect: 'none',
              bgcolor: 'primary.main',
              color: 'background.default',
            }}
          />
        </IconButton>
      </LazyTooltip>
      <LazyTooltip title={t('user.logout')}>
        <IconButton component={Link} to={pathFor('Logout')} aria-label={t('user.logout')} color="inherit">
          <Logout />
        </IconButton>
      </LazyTooltip>
      {menuUsed ? (
        <ShellPart fallback={null}>
          <UserMenu anchor={anchor} onClose={() => setAnchor(null)} />
        </ShellPart>
      ) : null}
    </Stack>
  );
}
