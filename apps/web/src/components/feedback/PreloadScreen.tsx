import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The pre-loading progress screen (001 §2.2): 'n of m done' with a percentage. */
export function PreloadScreen({ done, total }: { done: number; total: number }) {
  const { t } = useTranslation('feedback');
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
      }}
    >
      <Box sx={{ position: 'relative', display: 'inline-flex' }}>
        <CircularProgress
          variant="determinate"
          value={percent}
          size={72}
          aria-label={t('preload_title')}
          aria-valuetext={t('preload_percent', { percent })}
        />
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
          }}
        >
          <Typography variant="body2" component="span">
            {t('preload_percent', { percent })}
          </Typography>
        </Box>
      </Box>
      <Typography color="text.secondary" role="status">
        {t('preload_progress', { done, total })}
      </Typography>
    </Box>
  );
}
