import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Shown while a page's code loads. */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }} role="status" aria-live="polite">
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}
