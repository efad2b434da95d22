import { hasOrderOnJob } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { InvoiceTab } from '../components/invoice/InvoiceTab.tsx';
import { NoJob, useRouteJob } from './JobViewPages.tsx';

/**
 * ViewJobInvoice (/job/…/view/:jobId/invoice, 001 §2.8): the pre-invoice of the job's order: its
 * lines per machine job with the server's amounts and totals, the order options, and the line moves,
 * links, changes and deletions.
 */
export default function JobInvoicePage() {
  const { t } = useTranslation(['orders', 'jobs']);
  const { id, job } = useRouteJob();
  if (id === null || job.isError) return <NoJob id={id} />;
  if (!job.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('loading')} />;
  if (!hasOrderOnJob(job.data))
    return (
      <Alert severity="info" sx={{ m: 3 }}>
        {t('jobs:jobView.noOrderOnJob')}
      </Alert>
    );
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200 }}>
      <InvoiceTab job={job.data} />
    </Box>
  );
}
