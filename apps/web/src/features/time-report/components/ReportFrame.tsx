import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { downloadWeek } from '../api.ts';

/** The frame of both reports: title, the week's navigation, the export and the content once loaded. */
export function ReportFrame(props: {
  title: string;
  help: string;
  nav: ReactNode;
  tools?: ReactNode;
  weekStart: string;
  exportUserId: number | null;
  loading: boolean;
  error: unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation('timereport');
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const download = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadWeek(props.weekStart, props.exportUserId);
    } catch (err) {
      setExportError(apiMessage(err) ?? t('failed'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Box
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2, minHeight: 0, flex: 1 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        {/* A line of its own on a phone: beside the tools it wrapped a word a line ('My hour / list'). */}
        <Typography variant="h6" component="h2" sx={{ flex: { xs: '1 0 100%', sm: 1 } }}>
          {props.title}
        </Typography>
        {props.tools}
        <Button
          variant="outlined"
          startIcon={<FileDownload />}
          onClick={download}
          disabled={exporting}
          data-testid="export-week"
        >
          {t('export')}
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {props.help}
      </Typography>
      {props.nav}
      {exportError && (
        <Paper variant="outlined" sx={{ p: 2 }} role="alert">
          {exportError}
        </Paper>
      )}
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
