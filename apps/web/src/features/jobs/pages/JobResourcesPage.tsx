import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { DocumentsPanel } from '../../../components/documents/index.ts';
import { NoJob, useRouteJob } from './JobViewPages.tsx';

/**
 * ViewJobResources (/job/…/view/:jobId/resources): the job's documents (002 §7.8): the list, upload
 * with 'to customer', rename, publish and delete, as on the customer's and the machine's tabs.
 */
export default function JobResourcesPage() {
  const { t } = useTranslation('jobs');
  const { id, job } = useRouteJob();
  if (id === null || job.isError) return <NoJob id={id} />;
  if (!job.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('list.loading')} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <DocumentsPanel entityClass="Job" entityId={job.data.Id} />
    </Box>
  );
}
