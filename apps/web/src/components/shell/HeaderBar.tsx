import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Device } from '../../lib/device.ts';
import { isLinkable, type Params, pathFor } from '../../lib/routing/access.ts';
import type { AppRoute } from '../../lib/routing/routes.ts';
import { LAYOUT } from '../../theme/index.ts';
import { ConnectionSlot } from './ConnectionSlot.tsx';
import { GlobalSearchButton } from './GlobalSearchButton.tsx';
import { OfflineBanner, OutboxSlot } from './OutboxSlot.tsx';
import { useShellState } from './shell-context.tsx';

/** The page title of a route, translated; 'Unknown page' when there is none (001 §8). */
function useRouteTitle(route: AppRoute | null): string {
  const { t } = useTranslation('routes');
  return route ? t(route.displayKey) : t('UnknownPage');
}

/**
 * The header bar (001 §2.2): breadcrumbs, page title, the page's action buttons and the search.
 * On phones it starts with the menu button, and the actions move to the floating action button.
 */
export function HeaderBar(props: {
  route: AppRoute | null;
  params: Params;
  device: Device;
  onOpenMenu(): void;
}) {
  const { route, params, device, onOpenMenu } = props;
  const { t } = useTranslation(['shell', 'routes']);
  const { actions, title: pageTitle } = useShellState();
  const routeTitle = useRouteTitle(route);
  const title = pageTitle ?? routeTitle;
  const [searchOpen, setSearchOpen] = useState(false);

  useEffect(() => {
    document.title = t('shell:brand.documentTitle', { page: title });
  }, [t, title]);

  const crumbs = useMemo(
    () =>
      (route?.chain ?? [])
        .slice(0, -1)
        .filter((r) => r.sidebar !== 'hidden' && isLinkable(r, params))
        .map((r) => ({ route: r, to: pathFor(r, params) })),
    [route, params],
  );
  const phone = device === 'phone';
  return (
    // A static, flat AppBar with its Toolbar, from parts the first download already has (Paper, Box):
    // AppBar and Toolbar themselves added 0.8 KB gzipped for a header element and a flex row.
    <Paper
      component="header"
      square
      elevation={0}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        width: '100%',
        boxSizing: 'border-box',
        flexShrink: 0,
        zIndex: 'appBar',
        color: 'inherit',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          position: 'relative',
          minHeight: { xs: LAYOUT.headerHeightCompact, lg: LAYOUT.headerHeight },
          gap: 1,
          px: { xs: 1, sm: 2 },
        }}
      >
        {phone ? (
          <IconButton
            edge="start"
            onClick={onOpenMenu}
            aria-label={t('shell:header.openMenu')}
            color="inherit"
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        {phone && searchOpen ? null : (
          <Box sx={{ flex: 1, minWidth: 0 }}>
            {!phone && crumbs.length > 0 ? (
              <Box
                component="nav"
                aria-label={t('shell:header.breadcrumbs')}
                sx={{ fontSize: 12, color: 'text.secondary' }}
              >
                {/* A trail of links with the page last, as MUI's Breadcrumbs draws it (which cost the
                    first download 0.9 KB gzipped): a longer trail keeps its first and last two. */}
                <Box
                  component="ol"
                  sx={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    m: 0,
                    p: 0,
                    listStyle: 'none',
                    '& > li + li::before': { content: '"/"', mx: 1 },
                  }}
                >
                  {(crumbs.length > 3 ? [crumbs[0]!, null, ...crumbs.slice(-2)] : crumbs).map((c) =>
                    c ? (
                      <li key={c.route.name}>
                        <Link component={RouterLink} to={c.to} underline="hover" color="inherit">
                          {t(`routes:${c.route.displayKey}`)}
                        </Link>
                      </li>
                    ) : (
                      <li key="more" aria-hidden>
                        …
                      </li>
                    ),
                  )}
                  <Box component="li" sx={{ color: 'text.primary' }} aria-current="page">
                    {title}
                  </Box>
                </Box>
              </Box>
            ) : null}
            <Typography variant="h6" component="h1" noWrap data-testid="page-title" sx={{ lineHeight: 1.25 }}>
              {title}
            </Typography>
          </Box>
        )}
        {!phone && actions.length > 0 ? (
          <Box sx={{ display: 'flex', gap: 1 }} data-testid="header-actions">
            {actions.map((action) => (
              <Button
                key={action.id}
                variant="outlined"
                size="small"
                startIcon={action.icon}
                disabled={action.disabled}
                {...(action.to ? { component: RouterLink, to: action.to } : { onClick: action.onClick })}
              >
                {action.label}
              </Button>
            ))}
          </Box>
        ) : null}
        <OutboxSlot />
        <ConnectionSlot />
        <GlobalSearchButton onOpenChange={setSearchOpen} />
      </Box>
      <OfflineBanner />
    </Paper>
  );
}
