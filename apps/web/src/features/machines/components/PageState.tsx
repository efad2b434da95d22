import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api/client.ts';

/** A record page while its record loads, or when it could not be loaded (the server's message). */
export function PageState(props: { error?: unknown }) {
  const { t } = useTranslation('machines');
  if (props.error) {
    const message = props.error instanceof ApiError ? props.error.body?.Message : null;
    return (
      <Box role="alert" sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1 }}>
        <ErrorOutlined color="error" sx={{ fontSize: 40 }} />
        <Typography variant="h6">{t('common.failedToGet')}</Typography>
        {message ? <Typography color="text.secondary">{message}</Typography> : null}
      </Box>
    );
  }
  return (
    <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
