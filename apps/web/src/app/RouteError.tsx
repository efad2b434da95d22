import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageMessage } from '../components/shell/PageMessage.tsx';

const isChunkError = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'ChunkLoadError' ||
    /dynamically imported module|Importing a module script failed/i.test(error.message));

/** A page that failed to render or to load its code (e.g. after a new release replaced the chunks). */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('common');
  return (
    <PageMessage
      testId="route-error"
      icon={<ErrorOutlined />}
      title={isChunkError(error) ? t('routeError.chunkTitle') : t('routeError.title')}
      actions={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </Button>
      }
    >
      <Typography color="text.secondary">{t('routeError.text')}</Typography>
    </PageMessage>
  );
}
