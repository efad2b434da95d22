import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate, formatTime } from '../../i18n/dates.ts';
import { openJobReport } from '../../lib/api/job-reports.ts';
import { useCompanyNow } from '../../lib/dates.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { statusFilter } from '../../lib/routing/job-filter.ts';
import { type PortalJob, usePortalJobs, usePortalStatuses } from './api.ts';
import { nextVisit } from './next-visit.ts';
import { ShowMore } from './ShowMore.tsx';

const jobPath = (job: PortalJob) =>
  pathFor('ViewJob', { filter: statusFilter(job.JobStatusId), jobId: String(job.Id) });

/** A job's machines as one line. */
const machinesOf = (job: PortalJob) => job.Machines.map((m) => m.MachineName).join(', ');

function OpenJob({ job, now }: { job: PortalJob; now: string }) {
  const { t } = useTranslation('portal');
  const visit = nextVisit(job.Appointments, now);
  return (
    <Box
      component="li"
      data-testid={`portal-job-${job.Id}`}
      sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Link component={RouterLink} to={jobPath(job)} underline="hover" sx={{ fontWeight: 600 }}>
        {job.DisplayName || t('jobs.unnamed', { id: job.OrderId ?? job.Id })}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {[job.OrderId, job.StatusName, job.PriorityName, machinesOf(job)].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2" data-testid="next-visit">
        {visit
          ? t('jobs.nextVisit', {
              date: formatDate(visit.StartTime),
              start: formatTime(visit.StartTime),
              end: formatTime(visit.EndTime),
            })
          : t('jobs.notPlanned')}
      </Typography>
    </Box>
  );
}

function DoneJob({ job }: { job: PortalJob }) {
  const { t } = useTranslation('portal');
  const fileName = `${t('reports.fileName')} ${job.OrderId ?? job.Id}.pdf`;
  return (
    <Box
      component="li"
      data-testid={`portal-done-${job.Id}`}
      sx={{
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
      }}
    >
      <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
        <Link component={RouterLink} to={jobPath(job)} underline="hover">
          {job.DisplayName || t('jobs.unnamed', { id: job.OrderId ?? job.Id })}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {[job.OrderId, job.StatusName, machinesOf(job)].filter(Boolean).join(' · ')}
        </Typography>
      </Box>
      <Button
        size="small"
        variant="outlined"
        aria-label={t('reports.openFor', { name: job.DisplayName || job.OrderId || job.Id })}
        // A failed fetch is told by the API client's snackbar.
        onClick={() => openJobReport('serviceReport', job.Id, fileName).catch(() => undefined)}
      >
        {t('reports.open')}
      </Button>
    </Box>
  );
}

/**
 * CustomerPortalJobs (/my-company/jobs, issue 32): where customer users land. Their company's open jobs,
 * each with its next visit's date and planned window, a link to report a fault on a machine, and the
 * finished jobs with their service reports, each list 50 at a time with Show more. The server scopes
 * every list to the caller's company.
 */
export default function CustomerJobsPage() {
  const { t } = useTranslation('portal');
  const statuses = usePortalStatuses();
  const open = usePortalJobs(true, statuses.data?.open);
  const done = usePortalJobs(false, statuses.data?.done);
  const now = useCompanyNow();
  const openJobs = open.items;
  const doneJobs = done.items;
  const failed = statuses.isError || open.isError || done.isError;
  return (
    <Box
      component="section"
      aria-labelledby="portal-title"
      sx={{ p: { xs: 1.5, sm: 3 }, display: 'grid', gap: 3 }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          justifyContent: 'space-between',
        }}
      >
        <Typography id="portal-title" component="h1" variant="h5">
          {t('jobs.title')}
        </Typography>
        <Button variant="contained" component={RouterLink} to={pathFor('CustomerPortalMachines')}>
          {t('jobs.report')}
        </Button>
      </Box>
      {failed ? (
        <Typography role="alert" color="error">
          {t('failed')}
        </Typography>
      ) : null}
      <Paper variant="outlined" component="section" aria-labelledby="portal-open" sx={{ p: 2 }}>
        <Typography id="portal-open" component="h2" variant="h6">
          {t('jobs.open', { count: open.total })}
        </Typography>
        {open.isSuccess && openJobs.length === 0 ? (
          <Typography color="text.secondary">{t('jobs.noneOpen')}</Typography>
        ) : null}
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {openJobs.map((job) => (
            <OpenJob key={job.Id} job={job} now={now} />
          ))}
        </Box>
        <ShowMore {...open} shown={openJobs.length} />
      </Paper>
      <Paper variant="outlined" component="section" aria-labelledby="portal-done" sx={{ p: 2 }}>
        <Typography id="portal-done" component="h2" variant="h6">
          {t('reports.title')}
        </Typography>
        {done.isSuccess && doneJobs.length === 0 ? (
          <Typography color="text.secondary">{t('reports.none')}</Typography>
        ) : null}
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {doneJobs.map((job) => (
            <DoneJob key={job.Id} job={job} />
          ))}
        </Box>
        <ShowMore {...done} shown={doneJobs.length} />
      </Paper>
    </Box>
  );
}
