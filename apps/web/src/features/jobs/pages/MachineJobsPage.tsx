import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { JobsTab } from '../components/JobsTab.tsx';
import { useRouteId } from '../hooks/use-route-id.ts';

/** ViewMachineJobs (machineId, optional jobId): the jobs with a sub-job on the machine, newest first. */
export default function MachineJobsPage() {
  const { t } = useTranslation('jobs');
  const machineId = useRouteId('machineId');
  const raw = useParams().machineId ?? '';
  if (Number.isNaN(machineId))
    return (
      <Typography sx={{ p: 3 }} color="error" role="alert">
        {t('list.machineNotFound', { id: raw })}
      </Typography>
    );
  return (
    <JobsTab
      key={machineId}
      filter={{ MachineId: machineId }}
      routeOf={(jobId) =>
        pathFor('ViewMachineJobs', {
          machineId: String(machineId),
          ...(jobId ? { jobId: String(jobId) } : {}),
        })
      }
      notFound={t('list.machineNotFound', { id: machineId })}
    />
  );
}
