import { isOpen } from '@fieldport/contract';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { usePageTitle } from '../../../components/shell/shell-context.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { useCan } from '../../../lib/use-can.ts';
import { type Job, useJob, useJobHistory } from '../api/jobs.ts';
import { useChangeJobDetails } from '../api/mutations.ts';
import { JobReportsMenu } from '../components/JobReportsMenu.tsx';
import { JobActions, JobSummary } from '../components/JobSummary.tsx';
import { jobTitle } from '../components/job-title.ts';

const idOf = (v: string | undefined) => (v && /^\d{1,10}$/.test(v) ? Number(v) : null);

/** The job of the route, or the 'no job found' texts (000 §8); the page and the tab are named after it. */
function useRouteJob() {
  const { jobId } = useParams();
  const id = idOf(jobId);
  const job = useJob(id);
  usePageTitle(job.data ? jobTitle(job.data) : null);
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
  if (job.isError) return <NoJob id={id} />;
  if (!job.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('list.loading')} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 1200 }}>
      <JobSummary
        job={job.data}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <JobActions job={job.data} />
            <JobReportsMenu job={job.data} />
          </Stack>
        }
      />
      <JobDetails job={job.data} />
    </Box>
  );
}

function JobDetails({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const rules = useFieldRules();
  const changeDetails = useChangeJobDetails(job.Id);
  const canEdit = useCan('Job.Edit') && isOpen(job.JobStatusId);
  const save = async (change: Partial<Job>) => {
    const next = { ...job, ...change };
    await changeDetails.mutateAsync({
      Id: job.Id,
      RowVersion: job.RowVersion,
      DisplayName: next.DisplayName,
      JobStatusId: next.JobStatusId,
      JobSubStatusId: next.JobSubStatusId,
      JobTypeId: next.JobTypeId,
      JobPriorityId: next.JobPriorityId ?? 0,
      EstimatedTime: next.EstimatedTime ?? '',
      NoInvoice: next.NoInvoice,
      FirstLineComment: next.FirstLineComment,
      InvoiceReference: next.InvoiceReference,
      OrderDepartmentId: next.OrderDepartmentId,
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {t('job.details')}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 640 }}>
        <CommitField
          version={job.RowVersion}
          name="DisplayName"
          label={t('job.displayName')}
          value={job.DisplayName}
          required
          readOnly={!canEdit}
          validate={rules.text(200, { required: true })}
          onCommit={(DisplayName) => save({ DisplayName })}
        />
        <CommitField
          version={job.RowVersion}
          name="FirstLineComment"
          label={t('job.firstLineComment')}
          value={job.FirstLineComment}
          readOnly={!canEdit}
          validate={rules.text(4000)}
          onCommit={(FirstLineComment) => save({ FirstLineComment })}
        />
        <CommitField
          version={job.RowVersion}
          name="EstimatedTime"
          label={t('job.estimatedTime')}
          value={job.EstimatedTime === null ? '' : String(job.EstimatedTime)}
          inputMode="decimal"
          readOnly={!canEdit}
          validate={rules.decimal()}
          onCommit={(v) => save({ EstimatedTime: Number(v.replace(',', '.')) })}
        />
        <CommitField
          version={job.RowVersion}
          name="InvoiceReference"
          label={t('job.invoiceReference')}
          value={job.InvoiceReference}
          readOnly={!canEdit}
          validate={rules.text(200)}
          onCommit={(InvoiceReference) => save({ InvoiceReference })}
        />
      </Stack>
    </Paper>
  );
}

/** ViewJobLog (/job/…/view/:jobId/logg): what changed on the job and its machine jobs, newest first. */
export function JobLogPage() {
  const { t } = useTranslation('jobs');
  const { jobId } = useParams();
  const id = idOf(jobId);
  const history = useJobHistory(id ?? 0);
  const job = useJob(id);
  usePageTitle(job.data ? `${jobTitle(job.data)} · ${t('job.history')}` : null);
  if (id === null || history.isError) return <NoJob id={id} />;
  if (!history.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('list.loading')} />;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 960 }}>
      <List aria-label={t('job.history')}>
        {history.data.map((line) => (
          <ListItem key={line.Id} divider alignItems="flex-start" data-testid={`history-${line.Id}`}>
            <ListItemText
              primary={`${formatDateTime(line.Created)} · ${line.UserName} · ${t(`job.action.${line.Action}`, { defaultValue: line.Action })}`}
              secondary={line.Changes.map(
                (c) => `${c.Field}: ${c.OldValue ?? '–'} → ${c.NewValue ?? '–'}`,
              ).join('\n')}
              slotProps={{ secondary: { sx: { whiteSpace: 'pre-line' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
