import { isOpen } from '@fieldport/contract';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CommitField } from '../../../components/commit-field/CommitField.tsx';
import { formatDateTime } from '../../../i18n/dates.ts';
import { apiMessage, isStaleRecord } from '../../../lib/api/api-message.ts';
import { useCompanyZone } from '../../../lib/dates.ts';
import { useFieldRules } from '../../../lib/forms/rules.ts';
import { jobDetailsBody } from '../../../lib/outbox/job-details.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useJobDepartments } from '../api/job-view.ts';
import { type Job, jobKeys } from '../api/jobs.ts';
import { useChangeJobDetails } from '../api/mutations.ts';
import { useJobPriorities, useJobTypes } from '../api/new-job.ts';
import { CommitSelect } from './job-view/CommitSelect.tsx';
import { JobCommentField } from './job-view/JobCommentField.tsx';
import { JobCustomerPanel } from './job-view/JobCustomerPanel.tsx';
import { JobStatusPanel } from './job-view/JobStatusPanel.tsx';
import { jobDeadline } from './job-view/job-deadline.ts';

/**
 * The job's details on its general tab (000 §2, §5): status and sub-status, customer with delivery
 * address and contact, and the details (name, type, priority with its deadline, estimate, department,
 * first-line comment, invoice reference, no invoice). Everything is editable by those allowed while the
 * job is open; each change is saved on blur or on choice with the row version read, so a concurrent
 * change is refused (the sync warning), never overwritten. The comment goes through the outbox
 * (JobCommentField, decision 102).
 */
export function JobDetails({ job }: { job: Job }) {
  const { t } = useTranslation('jobs');
  const rules = useFieldRules();
  const client = useQueryClient();
  const zone = useCompanyZone();
  const changeDetails = useChangeJobDetails(job.Id);
  const open = isOpen(job.JobStatusId);
  const canEdit = useCan('Job.Edit') && open;
  const canChangeType = useCan('Job.ChangeType') && canEdit;
  const types = useJobTypes();
  const priorities = useJobPriorities();
  const departments = useJobDepartments(canEdit);
  const [noInvoiceProblem, setNoInvoiceProblem] = useState<string | null>(null);

  const save = async (change: Partial<Job>) => {
    try {
      await changeDetails.mutateAsync({ ...jobDetailsBody(job, change), RowVersion: job.RowVersion });
    } catch (err) {
      // Someone else saved the job in between: it is read again, so the next choice is made on it.
      if (isStaleRecord(err)) void client.invalidateQueries({ queryKey: jobKeys.job(job.Id) });
      throw err;
    }
  };

  const priority = priorities.data?.find((p) => p.Id === job.JobPriorityId);
  const deadline = jobDeadline(job, priority?.DueAfterHours ?? job.DueAfterHours, new Date(), zone);

  return (
    <>
      <JobStatusPanel job={job} canEdit={canEdit} />
      <JobCustomerPanel job={job} open={open} />
      <Paper
        variant="outlined"
        sx={{ p: 2, mt: 2 }}
        component="section"
        aria-labelledby="job-details-heading"
      >
        <Typography variant="subtitle2" component="h3" id="job-details-heading" gutterBottom>
          {t('job.details')}
        </Typography>
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, maxWidth: 800 }}
        >
          <Box sx={{ gridColumn: '1 / -1' }}>
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
          </Box>
          <CommitSelect
            id="job-type"
            field="JobTypeId"
            label={t('newJob.jobType')}
            value={job.JobTypeId}
            options={types.data}
            required
            readOnly={!canChangeType}
            onCommit={(JobTypeId) => save({ JobTypeId: JobTypeId! })}
          />
          <CommitSelect
            id="job-priority"
            field="JobPriorityId"
            label={t('newJob.priority')}
            value={job.JobPriorityId}
            options={priorities.data}
            required
            readOnly={!canEdit}
            onCommit={(JobPriorityId) => save({ JobPriorityId })}
            helperText={
              deadline ? (
                <Box
                  component="span"
                  data-testid="priority-deadline"
                  sx={{
                    color:
                      deadline.level === 'error'
                        ? 'error.main'
                        : deadline.level === 'warning'
                          ? 'warning.main'
                          : 'text.secondary',
                  }}
                >
                  {t(deadline.level === 'error' ? 'jobView.overdue' : 'jobView.due', {
                    date: formatDateTime(deadline.due),
                  })}
                </Box>
              ) : undefined
            }
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
          {canEdit ? (
            <CommitSelect
              id="job-department"
              field="OrderDepartmentId"
              label={t('newJob.department')}
              value={job.OrderDepartmentId}
              options={departments.data?.Content}
              noneLabel={t('newJob.none')}
              onCommit={(OrderDepartmentId) => save({ OrderDepartmentId })}
            />
          ) : null}
          <Box sx={{ gridColumn: '1 / -1' }}>
            <JobCommentField job={job} readOnly={!canEdit} />
          </Box>
          <CommitField
            version={job.RowVersion}
            name="InvoiceReference"
            label={t('job.invoiceReference')}
            value={job.InvoiceReference}
            readOnly={!canEdit}
            validate={rules.text(200)}
            onCommit={(InvoiceReference) => save({ InvoiceReference })}
          />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={job.NoInvoice}
                  disabled={!canEdit || changeDetails.isPending}
                  onChange={async (_, NoInvoice) => {
                    setNoInvoiceProblem(null);
                    try {
                      await save({ NoInvoice });
                    } catch (err) {
                      setNoInvoiceProblem(apiMessage(err) ?? t('jobView.saveFailed'));
                    }
                  }}
                />
              }
              label={t('jobView.noInvoice')}
            />
            {noInvoiceProblem ? (
              <Typography color="error" variant="caption" component="p" role="alert">
                {noInvoiceProblem}
              </Typography>
            ) : null}
          </Box>
        </Box>
      </Paper>
    </>
  );
}
