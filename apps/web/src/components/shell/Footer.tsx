import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pathFor } from '../../lib/routing/access.ts';
import { useSupportContact } from '../../lib/support.ts';
import { LAYOUT } from '../../theme/index.ts';

/** The footer (001 §1, §2.2): the company copyright line. */
export function Footer() {
  const { t } = useTranslation(['shell', 'routes']);
  const support = useSupportContact();
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
      <Link component={RouterLink} to={pathFor('About')} variant="caption" underline="hover">
        {t('routes:About')}
      </Link>
    </Box>
  );
}
