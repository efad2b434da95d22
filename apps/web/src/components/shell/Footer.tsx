import { SUPER_ADMIN_LOGON } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pathFor } from '../../lib/routing/access.ts';
import { useSession } from '../../lib/session.tsx';
import { useSupportContact } from '../../lib/support.ts';
import { LAYOUT } from '../../theme/index.ts';

const StoreInspector = lazy(() => import('../store-inspector/StoreInspector.tsx'));

/** The footer (001 §1, §2.2): the company copyright line; for the super admin, the store inspector. */
export function Footer() {
  const { t } = useTranslation(['shell', 'routes']);
  const support = useSupportContact();
  const superAdmin = useSession().info?.UserInfo.UserLogonName === SUPER_ADMIN_LOGON;
  const [inspecting, setInspecting] = useState(false);
  return (
    <Box
      component="footer"
      sx={{
        minHeight: LAYOUT.footerHeight,
        px: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }} noWrap>
        {t('shell:footer.copyright', { year: new Date().getFullYear(), company: support.name })}
      </Typography>
      {superAdmin ? (
        <Button size="small" onClick={() => setInspecting(true)} sx={{ typography: 'caption' }}>
          {t('shell:inspector.open')}
        </Button>
      ) : null}
      <Link component={RouterLink} to={pathFor('About')} variant="caption" underline="hover">
        {t('routes:About')}
      </Link>
      {inspecting ? (
        <Suspense fallback={null}>
          <StoreInspector onClose={() => setInspecting(false)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
