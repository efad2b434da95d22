import Close from '@mui/icons-material/Close';
import OpenInFull from '@mui/icons-material/OpenInFull';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreference } from '../../../lib/preferences.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { statusFilter } from '../../../lib/routing/job-filter.ts';
import { useJob } from '../api/jobs.ts';
import { NoJob } from '../pages/JobViewPages.tsx';
import { openPanels, type PreviewPanel, togglePanel } from '../preview-panels.ts';
import { JobReportsMenu } from './JobReportsMenu.tsx';
import { JobActions, JobSummary } from './JobSummary.tsx';

/**
 * The preview pane (000 §2): the job, its actions, its menu (open in new tab, hazard analysis, service
 * report), its panels that open and close (remembered per route), open and close; beside the job list
 * and the search results, or over them where both do not fit (JobListWithPreview). `filter` is the job list the full view opens in (else the list of the job's status).
 */
export function JobPreview({
  jobId,
  filter,
  routeName,
  onClose,
}: {
  jobId: number;
  filter?: string;
  /** The route the preview is on: its open panels are remembered under this name (JobPreviewPaneMode). */
  routeName: string;
  onClose(): void;
}) {
  const { t } = useTranslation('jobs');
  const [paneMode, setPaneMode] = usePreference('JobPreviewPaneMode');
  const panels = {
    open: openPanels(paneMode, routeName),
    onToggle: (panel: PreviewPanel) => setPaneMode(togglePanel(paneMode, routeName, panel)),
  };
  const navigate = useNavigate();
  const job = useJob(Number.isInteger(jobId) && jobId > 0 ? jobId : null);
  // Without a list of its own (the search results) the full view opens in the list of the job's status.
  const listFilter = filter ?? (job.data ? statusFilter(job.data.JobStatusId, 0) : 'my');
  const open = pathFor('ViewJob', { filter: listFilter, jobId: String(jobId) });
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
        <JobSummary
          job={job.data}
          panels={panels}
          actions={<JobActions job={job.data} onDeleted={onClose} />}
        />
      ) : (
        <CircularProgress aria-label={t('list.loading')} />
      )}
    </Box>
  );
}
