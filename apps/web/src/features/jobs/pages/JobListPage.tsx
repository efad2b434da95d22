import Close from '@mui/icons-material/Close';
import OpenInFull from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { parseJobFilter } from '../../../lib/routing/job-filter.ts';
import { type JobTabFilter, useJob } from '../api/jobs.ts';
import { JobReportsMenu } from '../components/JobReportsMenu.tsx';
import { JobActions, JobSummary } from '../components/JobSummary.tsx';
import { JobsTab } from '../components/JobsTab.tsx';
import { NoJob } from './JobViewPages.tsx';

/**
 * The list's filter of the route (001 §2.8): my, parts (type 3), a status with its sub-status, or the
 * open jobs past or near their priority deadline (the dashboard's figures).
 */
function filterOf(value: string | undefined): JobTabFilter | null {
  const f = parseJobFilter(value);
  if (!f) return null;
  if (f.kind === 'my') return { AssignedToMe: true };
  if (f.kind === 'parts') return { JobTypeIdList: [3] };
  if (f.kind === 'overdue') return { Deadline: 'Overdue' };
  if (f.kind === 'due') return { Deadline: 'Within24Hours' };
  return { JobStatusIdList: [f.statusId], ...(f.subStatusId ? { JobSubStatusIdList: [f.subStatusId] } : {}) };
}

/**
 * JobList (/job/list/:filter): the jobs of the filter, newest first, 50 at a time; a click opens the job
 * in the preview pane beside the list (its id in the query, jobId), a double click the full job view.
 */
export default function JobListPage() {
  const { filter } = useParams();
  const [search, setSearch] = useSearchParams();
  const listFilter = useMemo(() => filterOf(filter), [filter]);
  const selected = search.get('jobId');
  const routeOf = (jobId: number | null) => {
    const next = new URLSearchParams(search);
    if (jobId) next.set('jobId', String(jobId));
    else next.delete('jobId');
    return `${pathFor('JobList', { filter: filter ?? 'my' })}?${next.toString()}`;
  };
  if (!listFilter) return null;
  return (
    <Box sx={{ height: '100%', display: 'flex', minHeight: 0 }}>
      <Box
        sx={{
          flex: selected ? '0 0 42%' : 1,
          minWidth: 0,
          borderRight: selected ? 1 : 0,
          borderColor: 'divider',
        }}
      >
        <JobsTab filter={listFilter} routeOf={routeOf} notFound="" selectedParam="jobId" />
      </Box>
      {selected ? (
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
          <JobPreview
            jobId={Number(selected)}
            filter={filter ?? 'my'}
            onClose={() =>
              setSearch(
                (s) => {
                  s.delete('jobId');
                  return s;
                },
                { replace: true },
              )
            }
          />
        </Box>
      ) : null}
    </Box>
  );
}

/** The preview pane (000 §2): the job, its actions, open and close. */
function JobPreview({ jobId, filter, onClose }: { jobId: number; filter: string; onClose(): void }) {
  const { t } = useTranslation('jobs');
  const navigate = useNavigate();
  const job = useJob(Number.isInteger(jobId) && jobId > 0 ? jobId : null);
  const open = pathFor('ViewJob', { filter, jobId: String(jobId) });
  return (
    <Box sx={{ p: 2 }} data-testid="job-preview">
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        {job.data ? <JobReportsMenu job={job.data} openHref={open} /> : null}
        <Tooltip title={t('job.open')}>
          <IconButton aria-label={t('job.open')} onClick={() => navigate(open)}>
            <OpenInFull />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('job.close')}>
          <IconButton aria-label={t('job.close')} onClick={onClose}>
            <Close />
          </IconButton>
        </Tooltip>
      </Stack>
      {job.isError ? (
        <NoJob id={jobId} />
      ) : job.data ? (
        <JobSummary job={job.data} actions={<JobActions job={job.data} onDeleted={onClose} />} />
      ) : (
        <CircularProgress aria-label={t('list.loading')} />
      )}
    </Box>
  );
}
