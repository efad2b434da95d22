import type { StatusPage as StatusPageData } from '@fieldport/contract';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { ApiError } from '../../lib/api/client.ts';
import { downloadStatusReport, useStatusPage } from './api.ts';

/**
 * The customer's status page a job's link opens (`/status/{token}`, issue 32 item 2, decision 072), in
 * the reader's language: the job's state, the planned window, the technician's first name, the arrival
 * estimate while on the way (asked again every 30 s), and the service report once the visit is done.
 * No sign-in; a spent link says so.
 */
export default function StatusPage({ token }: { token: string }) {
  const { t } = useTranslation('portal');
  const page = useStatusPage(token);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 2, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('status.title')}
      </Typography>
      {page.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
          <CircularProgress aria-label={t('status.loading')} />
        </Box>
      ) : page.isError ? (
        <Alert severity="warning" data-testid="status-spent">
          {(page.error instanceof ApiError && page.error.body?.Message) || t('status.unknown')}
        </Alert>
      ) : (
        <StatusCard token={token} data={page.data} />
      )}
    </Container>
  );
}

function StatusCard({ token, data }: { token: string; data: StatusPageData }) {
  const { t } = useTranslation('portal');
  const [failed, setFailed] = useState(false);
  const window =
    data.WindowStart && data.WindowEnd
      ? t('status.windowText', {
          date: formatDate(data.WindowStart),
          from: formatTime(data.WindowStart),
          to: formatTime(data.WindowEnd),
        })
      : null;
  const save = () => {
    setFailed(false);
    downloadStatusReport(token, `${t('status.reportFile')}.pdf`).catch(() => setFailed(true));
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="status-stage">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="status-stage" data-testid="status-stage">
          {t(`status.stage.${data.Stage}`)}
        </Typography>
        {data.StatusName ? <Chip size="small" label={data.StatusName} data-testid="status-name" /> : null}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        {window ? (
          <Item label={t('status.window')} testId="status-window">
            {window}
          </Item>
        ) : null}
        {data.TechnicianFirstName ? (
          <Item label={t('status.technician')} testId="status-technician">
            {data.TechnicianFirstName}
          </Item>
        ) : null}
        {data.ArrivalEstimate ? (
          <Item label={t('status.arrival')} testId="status-eta">
            {t('status.arrivalText', { time: formatTime(data.ArrivalEstimate) })}
          </Item>
        ) : null}
      </Box>
      {data.Stage === 'onMyWay' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('status.updates')}
        </Typography>
      ) : null}
      {data.ReportAvailable ? (
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" startIcon={<Download />} onClick={save} data-testid="status-report">
            {t('status.report')}
          </Button>
          {failed ? (
            <Alert severity="error" sx={{ mt: 1 }}>
              {t('status.reportFailed')}
            </Alert>
          ) : null}
        </Box>
      ) : null}
    </Paper>
  );
}

function Item(props: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }} data-testid={props.testId}>
        {props.children}
      </Typography>
    </Box>
  );
}
