import { type ChangeLogEntry, jobTitle } from '@fieldport/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../components/shell/shell-context.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { STORE_KEYS } from '../../../lib/device-store/keys.ts';
import { StoredAsOf } from '../../../lib/device-store/StoredAsOf.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { useJob, useJobHistory } from '../api/jobs.ts';
import { CopyJobButton } from '../components/CopyJobButton.tsx';
import { JobDetails } from '../components/JobDetails.tsx';
import { JobReportsMenu } from '../components/JobReportsMenu.tsx';
import { JobActions, JobSummary } from '../components/JobSummary.tsx';
import { RevokeStatusLinkButton } from '../components/RevokeStatusLinkButton.tsx';
import { SubJobEditor } from '../components/sub-jobs/SubJobEditor.tsx';
import { useJobTabStates } from '../hooks/use-job-tab-states.ts';

/** The KPI panel, a chunk of its own: it loads after the job is shown, for those with the dashboard module. */
const KpiPanel = lazy(() => import('../components/job-view/KpiPanel.tsx'));

export const idOf = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/**
 * The job of the route, or the 'no job found' texts (000 §8); the page and the tab are named after it,
 * and the tabs' states follow it.
 */
export function useRouteJob() {
  const { jobId } = useParams();
  const id = idOf(jobId);
  const job = useJob(id);
  usePageTitle(job.data ? jobTitle(job.data) : null);
  useJobTabStates(job.data);
  return { id, job };
}

export function NoJob({ id }: { id: number | null }) {
  const { t } = useTranslation('jobs');
  return (
    <Box sx={{ p: 3 }} role="alert">
      <Typography variant="h6">{t('job.notFound')}</Typography>
      <Typography color="text.secondary">{t('job.failedToFind', { id: id ?? '' })}</Typography>
      <Typography color="text.secondary">{t('job.noActions')}</Typography>
    </Box>
  );
}

/**
 * ViewJobGeneral (/job/list/:filter/view/:jobId/general): the job with its actions, and its details
 * committing on blur with the row version read, so a concurrent change is refused, never overwritten.
 */
export function JobGeneralPage() {
  const { t } = useTranslation('jobs');
  const { id, job } = useRouteJob();
  const seesKpi = useCan('Module.Dashboard');
  if (job.isError) return <NoJob id={id} />;
  if (!job.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('list.loading')} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200 }}>
      <StoredAsOf keys={[STORE_KEYS.job(job.data.Id)]} readAt={job.dataUpdatedAt} />
      <JobSummary
        job={job.data}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <JobActions job={job.data} />
            <JobReportsMenu job={job.data} />
            <CopyJobButton job={job.data} />
            <RevokeStatusLinkButton job={job.data} />
          </Stack>
        }
      />
      <JobDetails job={job.data} />
      <SubJobEditor job={job.data} />
      {seesKpi && (
        <Suspense fallback={null}>
          <KpiPanel jobId={job.data.Id} />
        </Suspense>
      )}
    </Box>
  );
}

/**
 * A logged change as a person reads it (issue 35.3): the field's name in the reader's language, and
 * the names the server gives for ids ("Status: New → Planned"), yes or no for flags, else the value.
 */
type JobHistoryChange = ChangeLogEntry['Changes'][number];

function changeText(t: TFunction<'jobs'>, c: JobHistoryChange): string {
  const shown = (text: string | null | undefined, value: string | null) =>
    text ?? (value === 'true' ? t('common:yes') : value === 'false' ? t('common:no') : value) ?? '–';
  return t('job.logChange', {
    field: t(`job.logField.${c.Field}`, { defaultValue: c.Field }),
    from: shown(c.OldText, c.OldValue),
    to: shown(c.NewText, c.NewValue),
    interpolation: { escapeValue: false },
  });
}

/** ViewJobLog (/job/…/view/:jobId/logg): what changed on the job and its machine jobs, newest first. */
export function JobLogPage() {
  const { t } = useTranslation('jobs');
  const { jobId } = useParams();
  const id = idOf(jobId);
  const history = useJobHistory(id ?? 0);
  const job = useJob(id);
  usePageTitle(job.data ? `${jobTitle(job.data)} · ${t('job.history')}` : null);
  useJobTabStates(job.data);
  if (id === null || history.isError) return <NoJob id={id} />;
  if (!history.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('list.loading')} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960 }}>
      <List aria-label={t('job.history')}>
        {history.data.map((line) => (
          <ListItem key={line.Id} divider alignItems="flex-start" data-testid={`history-${line.Id}`}>
            <ListItemText
              primary={`${formatDateTime(line.Created)} · ${line.UserName} · ${t(`job.action.${line.Action}`, { defaultValue: line.Action })}`}
              secondary={line.Changes.map((c) => changeText(t, c)).join('\n')}
              slotProps={{ secondary: { sx: { whiteSpace: 'pre-line' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
