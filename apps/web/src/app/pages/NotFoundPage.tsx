import SearchOff from '@mui/icons-material/SearchOff';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageMessage } from '../../components/shell/PageMessage.tsx';

/** The catch-all (001 §2.3, §8): '404 Page not found. The {path} page was not found.' */
export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <PageMessage
      testId="not-found-page"
      icon={<SearchOff />}
      title={t('notFound.title')}
      actions={
        <Button component={Link} to="/" variant="contained">
          {t('common.goHome')}
        </Button>
      }
    >
      <Typography>{t('notFound.text', { path: pathname })}</Typography>
    </PageMessage>
  );
}
