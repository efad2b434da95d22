import { patchDateOf } from '@fieldport/contract';
import Engineering from '@mui/icons-material/Engineering';
import Handshake from '@mui/icons-material/Handshake';
import Storefront from '@mui/icons-material/Storefront';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api/client.ts';
import { useLoadOnce } from '../hooks/use-load-once.ts';

/**
 * Where the other portals live. The documents do not give the addresses; they are served beside this
 * portal on the same site (the technician's is the mobile app's download page).
 */
const PORTAL_LINKS = {
  customer: '/customer-portal/',
  technician: '/technician-app/',
  partner: '/partner-portal/',
} as const;

function Logo() {
  const { t } = useTranslation('auth');
  const logo = useLoadOnce((signal) => callApi('logo', undefined, { signal, silent: true }));
  const url = useMemo(
    () => (logo.data && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(logo.data) : null),
    [logo.data],
  );
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (logo.failed)
    return (
      <Typography variant="caption" sx={{ opacity: 0.8 }}>
        {t('logo_failed')}
      </Typography>
    );
  if (!url) return <Box sx={{ height: 64 }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={t('logo_alt')}
      sx={{ maxHeight: 64, maxWidth: 220, objectFit: 'contain' }}
    />
  );
}

function Portal({
  href,
  enabled,
  icon,
  primary,
  secondary,
}: {
  href: string;
  enabled: boolean;
  icon: ReactNode;
  primary: string;
  secondary?: string;
}) {
  return (
    <ListItemButton
      component="a"
      href={enabled ? href : undefined}
      disabled={!enabled}
      aria-disabled={!enabled}
      sx={{ borderRadius: 1, color: 'inherit' }}
    >
      <ListItemIcon sx={{ color: 'inherit', minWidth: 40 }}>{icon}</ListItemIcon>
      <ListItemText
        primary={primary}
        secondary={secondary}
        slotProps={{ secondary: { sx: { color: 'inherit', opacity: 0.75 } } }}
      />
    </ListItemButton>
  );
}

/** Left panel of the sign-in page (001 §2.1): logo, tagline, other portals, patch date and version. */
export function SignInSidePanel() {
  const { t } = useTranslation('auth');
  const portal = useLoadOnce((signal) => callApi('portal', undefined, { signal, silent: true }), 1);
  const site = useLoadOnce((signal) => callApi('siteInfo', undefined, { signal, silent: true }), 1);
  const flags = portal.data;

  return (
    <Box
      component="aside"
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        display: 'flex',
        flexDirection: 'column',
        gap: { xs: 2, md: 4 },
        p: { xs: 3, md: 5 },
        minHeight: { xs: '100%', md: '100vh' },
        boxSizing: 'border-box',
      }}
    >
      <Logo />
      <Typography variant="h5" component="p" sx={{ fontWeight: 500 }}>
        {t('tagline')}
      </Typography>
      <Box component="nav" aria-label={t('other_portals')}>
        <Typography variant="overline" component="h2" sx={{ opacity: 0.85 }}>
          {t('other_portals')}
        </Typography>
        <List dense disablePadding>
          <Portal
            href={PORTAL_LINKS.customer}
            enabled={!!flags?.CustomerPortal}
            icon={<Storefront />}
            primary={t('portal_customer')}
          />
          <Portal
            href={PORTAL_LINKS.technician}
            enabled={!!flags?.Technician}
            icon={<Engineering />}
            primary={t('portal_technician')}
            secondary={t('portal_technician_app')}
          />
          <Portal
            href={PORTAL_LINKS.partner}
            enabled={!!flags?.PartnerPortal}
            icon={<Handshake />}
            primary={t('portal_partner')}
          />
        </List>
      </Box>
      <Box sx={{ mt: { md: 'auto' }, opacity: 0.85 }}>
        {site.data && (
          <>
            <Typography variant="body2">{t('patch_date', { date: patchDateOf(site.data.Build) })}</Typography>
            <Typography variant="caption" component="p">
              {t('version_line', {
                version: site.data.Version,
                build: site.data.Build,
                revision: site.data.Revision,
              })}
            </Typography>
          </>
        )}
      </Box>
    </Box>
  );
}
