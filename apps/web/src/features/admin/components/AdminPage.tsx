import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../lib/api/api-message.ts';

/** The frame of an admin page: a heading, a short help text, and the content once it has loaded. */
export function AdminPage(props: {
  title: string;
  help?: string;
  loading?: boolean;
  error?: unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960 }}>
      <Typography variant="h6" component="h2">
        {props.title}
      </Typography>
      {props.help ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
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
