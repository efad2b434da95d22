import type { JobListItem } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api/client.ts';
import { useCompanyZone } from '../../../lib/dates.ts';
import { usePreference } from '../../../lib/preferences.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { statusFilter } from '../../../lib/routing/job-filter.ts';
import { type JobTabFilter, useJobList } from '../api/jobs.ts';
import { JobListTable, type JobListView } from './JobListTable.tsx';

/** The time, advanced every minute: 'today' and the deadline colours follow it. */
function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/** The full job view (ViewJob) of a job, in the job list of its status. */
const jobViewPath = (job: JobListItem) =>
  pathFor('ViewJob', { filter: statusFilter(job.JobStatusId, 0), jobId: String(job.Id) });

/** The planning tab of a job, on one of its appointments. */
const planningPath = (job: JobListItem, appointmentId: number) =>
  pathFor('ViewJobPlanning', {
    filter: statusFilter(job.JobStatusId, 0),
    jobId: String(job.Id),
    appointmentId: String(appointmentId),
  });

const VIEW_OPTIONS = ['Compact', 'Machines', 'Appointments'] as const;

/** The job list's view options (000 §2), kept in JobListViewOptions. */
function useJobListView(): [JobListView, string[], (options: string[]) => void] {
  const [options, setOptions] = usePreference('JobListViewOptions');
  const view = {
    Compact: options.includes('Compact'),
    Machines: options.includes('Machines'),
    Appointments: options.includes('Appointments'),
  };
  return [view, options, setOptions];
}

/**
 * A jobs tab: the jobs of one customer or machine, newest first, 50 at a time and the next 50 at 90
 * percent scroll. A click puts the job in the route (`routeOf`), a double click or Enter opens the
 * full job view. `notFound` is the text for a customer or machine the user cannot see.
 */
export function JobsTab(props: {
  filter: JobTabFilter;
  routeOf(jobId: number | null): string;
  notFound: string;
  /** Where the selected job's id is: the route's jobId (the tabs) or this query parameter (the job list). */
  selectedParam?: string;
  /** Jobs a page: 50 unless given (the search results: 100). */
  pageSize?: number;
}) {
  const { t, i18n } = useTranslation('jobs');
  const list = useJobList(props.filter, true, props.pageSize);
  const navigate = useNavigate();
  const { jobId: routeJobId } = useParams();
  const [search] = useSearchParams();
  const jobId = props.selectedParam ? search.get(props.selectedParam) : routeJobId;
  const now = useNow();
  const selectedId = jobId && /^\d{1,10}$/.test(jobId) ? Number(jobId) : null;
  const timeZone = useCompanyZone();
  const [view, viewOptions, setViewOptions] = useJobListView();

  if (list.isError && list.items.length === 0) {
    const missing = list.error instanceof ApiError && list.error.status === 404;
    return missing ? (
      <Typography sx={{ p: 3 }} color="error" role="alert">
        {props.notFound}
      </Typography>
    ) : (
      <Alert
        severity="error"
        sx={{ m: 2 }}
        action={
          <Button color="inherit" size="small" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </Button>
        }
      >
        {t('list.failed')}
      </Alert>
    );
  }

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <Box
        sx={{
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        <Typography
          variant="body2"
          color="text.secondary"
          aria-live="polite"
          data-testid="job-count"
          sx={{ flex: 1 }}
        >
          {list.isSuccess
            ? list.totalCapped
              ? t('list.countAtLeast', { count: list.total, total: list.total.toLocaleString(i18n.language) })
              : t('list.count', { count: list.total, total: list.total.toLocaleString(i18n.language) })
            : ''}
        </Typography>
        <ToggleButtonGroup
          size="small"
          value={viewOptions}
          onChange={(_, next: string[]) => setViewOptions(next)}
          aria-label={t('view.label')}
        >
          {VIEW_OPTIONS.map((o) => (
            <ToggleButton
              key={o}
              value={o}
              sx={{
                py: 0.25,
                textTransform: 'none',
                color: 'text.secondary',
                '&.Mui-selected': { color: 'primary.main' },
              }}
            >
              {t(`view.${o}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <JobListTable
        view={view}
        onOpenAppointment={(job, appointmentId) => navigate(planningPath(job, appointmentId))}
        items={list.items}
        label={t('list.label')}
        selectedId={selectedId}
        hrefOf={jobViewPath}
        onSelect={(job) => navigate(props.routeOf(job.Id), { replace: true })}
        onOpen={(job) => navigate(jobViewPath(job))}
        onEscape={selectedId ? () => navigate(props.routeOf(null), { replace: true }) : undefined}
        timeZone={timeZone}
        now={now}
        paging={list}
        testId="job-list-scroll"
        before={list.isPending ? <LinearProgress aria-label={t('list.loading')} /> : null}
        after={
          <>
            {list.isSuccess && list.items.length === 0 ? (
              <Typography sx={{ p: 3 }} color="text.secondary">
                {t('list.empty')}
              </Typography>
            ) : null}
            {list.isFetchingNextPage ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
                <CircularProgress size={24} aria-label={t('list.loadingMore')} />
              </Box>
            ) : null}
          </>
        }
      />
    </Box>
  );
}
