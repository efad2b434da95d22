import Shortcut from '@mui/icons-material/Shortcut';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageMessage } from '../../components/shell/PageMessage.tsx';

/**
 * Target of the old-site button (non-SaaS). This installation has no classic interface, so the page
 * names the old-site address the button stands for instead of opening it.
 */
export default function OldSitePage() {
  const { t } = useTranslation('shell');
  const [search] = useSearchParams();
  const page = search.get('page');
  return (
    <PageMessage
      testId="old-site-page"
      icon={<Shortcut />}
      title={t('oldSite.title')}
      actions={
        <Button component={Link} to="/" variant="outlined">
          {t('common.goHome')}
        </Button>
      }
    >
      <Typography color="text.secondary">{t('oldSite.text')}</Typography>
      {page ? (
        <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {t('oldSite.address', { page })}
        </Typography>
      ) : null}
    </PageMessage>
  );
}
