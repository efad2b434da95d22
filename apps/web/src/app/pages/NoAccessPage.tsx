import Block from '@mui/icons-material/Block';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMessage } from '../../components/shell/PageMessage.tsx';

/** A route the user's type may not open (001 §6). `module` is the translated name of the route. */
export default function NoAccessPage({ module }: { module: string }) {
  const { t } = useTranslation('shell');
  return (
    <PageMessage
      testId="no-access-page"
      icon={<Block />}
      title={t('noAccess.title', { module })}
      actions={
        <Button component={Link} to="/" variant="outlined">
          {t('common.goHome')}
        </Button>
      }
    >
      <Typography color="text.secondary">{t('noAccess.text', { module })}</Typography>
    </PageMessage>
  );
}
