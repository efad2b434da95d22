import ToggleOff from '@mui/icons-material/ToggleOff';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMessage } from '../../components/shell/PageMessage.tsx';

/** A route whose feature flag is off, or a classic-interface page in SaaS mode (001 §6, §8). */
export default function FeatureUnavailablePage({ reason }: { reason: 'feature' | 'saas' }) {
  const { t } = useTranslation('shell');
  return (
    <PageMessage
      testId="feature-unavailable-page"
      icon={<ToggleOff />}
      title={t('featureUnavailable.title')}
      actions={
        <Button component={Link} to="/" variant="outlined">
          {t('common.goHome')}
        </Button>
      }
    >
      <Typography color="text.secondary">
        {reason === 'saas' ? t('featureUnavailable.saas') : t('featureUnavailable.text')}
      </Typography>
    </PageMessage>
  );
}
