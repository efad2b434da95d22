import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../lib/api/api-message.ts';

/** The frame of a stock page: a heading, a short help text, and the content once it has loaded. */
export function StockPage(props: {
  title: string;
  help?: string;
  loading?: boolean;
  error?: unknown;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('stock');
  return (
    <Box
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minHeight: 0, flex: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }} className="no-print">
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {props.title}
        </Typography>
        {props.actions}
      </Box>
      {props.help ? (
        <Typography variant="body2" color="text.secondary" className="no-print">
          {props.help}
        </Typography>
      ) : null}
      {props.error ? (
        <Paper variant="outlined" sx={{ p: 2 }} role="alert">
          {apiMessage(props.error) || t('loadFailed')}
        </Paper>
      ) : props.loading ? (
        <CircularProgress aria-label={t('loading')} />
      ) : (
        props.children
      )}
    </Box>
  );
}
