import Construction from '@mui/icons-material/Construction';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageMessage } from '../../components/shell/PageMessage.tsx';

/** Shown by every route whose page is not built yet, so no menu entry or link is dead. */
export default function PlannedPage({ routeKey }: { routeKey?: string }) {
  const { t } = useTranslation(['shell', 'routes']);
  return (
    <PageMessage
      testId="planned-page"
      icon={<Construction />}
      title={t('shell:planned.title')}
      actions={
        <Button component={Link} to="/" variant="outlined">
          {t('shell:common.goHome')}
        </Button>
      }
    >
      <Typography color="text.secondary">
        {routeKey ? t('shell:planned.textFor', { page: t(`routes:${routeKey}`) }) : t('shell:planned.text')}
      </Typography>
    </PageMessage>
  );
}
