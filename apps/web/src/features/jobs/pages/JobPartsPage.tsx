import { hasOrderOnJob } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useActiveRoute } from '../../../lib/routing/hooks.ts';
import { PartDialog } from '../components/parts/PartDialog.tsx';
import { PartsTab } from '../components/parts/PartsTab.tsx';
import { TimeDialog } from '../components/parts/TimeDialog.tsx';
import { idOf, NoJob, useRouteJob } from './JobViewPages.tsx';

/**
 * ViewJobParts (/job/…/view/:jobId/parts, 001 §2.8) and its child routes: the parts and time of each
 * machine job, with the route's dialog over the tab: addpart/:machineJobId, editpart/:machineJobId/
 * :partId?, addtime/:machineJobId and edittime/:machineJobId/:timeId?. Closing a dialog goes back to
 * the tab. A job without an order (or a parts job) has no parts tab: its state says why.
 */
export default function JobPartsPage() {
  const { t } = useTranslation(['orders', 'jobs']);
  const { id, job } = useRouteJob();
  const { route, params } = useActiveRoute();
  if (id === null || job.isError) return <NoJob id={id} />;
  if (!job.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('loading')} />;
  if (!hasOrderOnJob(job.data))
    return (
      <Alert severity="info" sx={{ m: 3 }}>
        {t('jobs:jobView.noOrderOnJob')}
      </Alert>
    );
  const machineJobId = idOf(params.machineJobId);
  const name = route?.name;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200 }}>
      <PartsTab job={job.data} />
      {machineJobId !== null && (name === 'AddPart' || name === 'EditPart') && (
        <PartDialog job={job.data} machineJobId={machineJobId} lineId={idOf(params.partId)} />
      )}
      {machineJobId !== null && (name === 'AddTime' || name === 'EditTime') && (
        <TimeDialog job={job.data} machineJobId={machineJobId} lineId={idOf(params.timeId)} />
      )}
    </Box>
  );
}
