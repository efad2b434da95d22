import { hasOrderOnJob, isOpen } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useActiveRoute } from '../../../lib/routing/hooks.ts';
import { useCan } from '../../../lib/use-can.ts';
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
  const mayChange = useCan('Job.Edit');
  if (id === null || job.isError) return <NoJob id={id} />;
  if (!job.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('loading')} />;
  if (!hasOrderOnJob(job.data))
    return (
      <Alert severity="info" sx={{ m: 3 }}>
        {t('jobs:jobView.noOrderOnJob')}
      </Alert>
    );
  // The dialogs only for those who may change the lines, on an open job's own machine jobs.
  const machineJobId = idOf(params.machineJobId);
  const dialogs =
    mayChange &&
    isOpen(job.data.JobStatusId) &&
    machineJobId !== null &&
    job.data.InverseParent.some((s) => s.Id === machineJobId);
  const name = route?.name;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200 }}>
      <PartsTab job={job.data} />
      {dialogs && (name === 'AddPart' || name === 'EditPart') && (
        <PartDialog job={job.data} machineJobId={machineJobId} lineId={idOf(params.partId)} />
      )}
      {dialogs && (name === 'AddTime' || name === 'EditTime') && (
        <TimeDialog job={job.data} machineJobId={machineJobId} lineId={idOf(params.timeId)} />
      )}
    </Box>
  );
}
