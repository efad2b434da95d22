import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { ChecklistsTab } from '../components/checklists/ChecklistsTab.tsx';
import { NoJob, useRouteJob } from './JobViewPages.tsx';

/** ViewJobChecklists (/job/…/view/:jobId/checklists, CheckList licence): the job's checklists, filled in field by field. */
export default function JobChecklistsPage() {
  const { t } = useTranslation('checklists');
  const { id, job } = useRouteJob();
  if (id === null || job.isError) return <NoJob id={id} />;
  if (!job.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('loading')} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200 }}>
      <ChecklistsTab job={job.data} />
    </Box>
  );
}
