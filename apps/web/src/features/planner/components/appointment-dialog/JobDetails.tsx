import type { Api, RouteOutput } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { pathFor } from '../../../../lib/routing/access.ts';
import { statusFilter } from '../../../../lib/routing/job-filter.ts';

type Job = RouteOutput<Api['jobGet']>;

/** The job's path in the job view (its status' list). */
export const jobPath = (job: { Id: number; JobStatusId: number }) =>
  pathFor('ViewJob', { filter: statusFilter(job.JobStatusId, 0), jobId: String(job.Id) });

/** Links to the job, its customer and its machines (000 §2). */
export function JobLinks({ job }: { job: Job }) {
  const { t } = useTranslation('planner');
  return (
    <Box
      component="nav"
      aria-label={t('dialog.links')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1 }}
    >
      <Link component={RouterLink} to={jobPath(job)} data-testid="appointment-job-link">
        {t('dialog.job', { name: job.DisplayName || job.Id })}
      </Link>
      {job.CustomerId ? (
        <Link component={RouterLink} to={pathFor('ViewCustomer', { customerId: String(job.CustomerId) })}>
          {t('dialog.customer', { name: job.CustomerName })}
        </Link>
      ) : null}
      {job.Machines.map((m) => (
        <Link key={m.Id} component={RouterLink} to={pathFor('ViewMachine', { machineId: String(m.Id) })}>
          {t('dialog.machine', { name: m.Name || m.SerialNumber })}
        </Link>
      ))}
    </Box>
  );
}

/** The job details tab: what a dispatcher needs to plan it. */
export function JobDetails({ job }: { job: Job }) {
  const { t } = useTranslation('planner');
  const address = job.DeliveryAddress
    ? [job.DeliveryAddress.Street, job.DeliveryAddress.Zip, job.DeliveryAddress.City]
        .filter(Boolean)
        .join(', ')
    : '';
  const rows: [string, string][] = [
    [
      t('dialog.details.status'),
      job.SubStatusName ? `${job.StatusName} · ${job.SubStatusName}` : job.StatusName,
    ],
    [t('dialog.details.type'), job.JobTypeName],
    [t('dialog.details.customer'), job.CustomerName],
    [t('dialog.details.address'), address],
    [
      t('dialog.details.estimate'),
      job.EstimatedTime === null ? '' : t('dialog.details.hours', { count: job.EstimatedTime }),
    ],
    [t('dialog.details.comment'), job.FirstLineComment],
  ];
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-line' }}>
            {value || '–'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
