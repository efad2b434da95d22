import { priorityDeadline, toLocalDateTime } from '@fieldport/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../i18n/dates.ts';
import { useCompanyZone } from '../../../../lib/dates.ts';
import { useFieldProblem, useTextField } from '../../../../lib/forms/zod-form.ts';
import { useDepartments, useJobPriorities, useJobTypes } from '../../api/new-job.ts';
import { LookupSelect } from './LookupSelect.tsx';
import type { NewJobOutput, NewJobValues } from './new-job-form.ts';

/**
 * The priority deadline of a job created now (000 §9): due DueAfterHours from now, in the company's
 * time; under 24 hours it is the warning colour.
 */
function useDeadlineText(dueAfterHours: number | undefined): { text: string; warning: boolean } | null {
  const { t } = useTranslation('jobs');
  const zone = useCompanyZone();
  if (dueAfterHours === undefined) return null;
  const now = new Date();
  const due = toLocalDateTime(new Date(now.getTime() + dueAfterHours * 3_600_000), zone);
  const { level } = priorityDeadline(dueAfterHours, now, now);
  return {
    text: t('newJob.deadline', { date: formatDateTime(due), count: dueAfterHours }),
    warning: level !== 'ok',
  };
}

/**
 * The job's own details (000 §3, §5): job type and priority (required; the priority's deadline shown
 * under it), the estimated time in hours (required, a comma accepted), the department, the first-line
 * comment and the invoice reference.
 */
export function JobDetailsFields(props: { form: UseFormReturn<NewJobValues, unknown, NewJobOutput> }) {
  const { t } = useTranslation('jobs');
  const { form } = props;
  const text = useTextField(form);
  const problem = useFieldProblem(form);
  const types = useJobTypes();
  const priorities = useJobPriorities();
  const departments = useDepartments();
  const priorityId = form.watch('JobPriorityId');
  const priority = priorities.data?.find((p) => p.Id === priorityId);
  const deadline = useDeadlineText(priority?.DueAfterHours);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <LookupSelect
        control={form.control}
        name="JobTypeId"
        id="new-job-type"
        label={t('newJob.jobType')}
        options={types.data}
        required
        problem={problem('JobTypeId')}
      />
      <Box>
        <LookupSelect
          control={form.control}
          name="JobPriorityId"
          id="new-job-priority"
          label={t('newJob.priority')}
          options={priorities.data}
          required
          problem={problem('JobPriorityId')}
        />
        {deadline && !problem('JobPriorityId') ? (
          <Box
            component="p"
            data-testid="priority-deadline"
            sx={{
              m: 0,
              mt: 0.5,
              mx: 1.75,
              typography: 'caption',
              color: deadline.warning ? 'warning.main' : 'text.secondary',
            }}
          >
            {deadline.text}
          </Box>
        ) : null}
      </Box>
      <TextField
        {...text('EstimatedTime')}
        id="new-job-estimate"
        label={t('newJob.estimatedTime')}
        required
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <LookupSelect
        control={form.control}
        name="OrderDepartmentId"
        id="new-job-department"
        label={t('newJob.department')}
        options={departments.data?.Content}
        noneLabel={t('newJob.none')}
        problem={problem('OrderDepartmentId')}
      />
      <TextField
        {...text('FirstLineComment')}
        id="new-job-first-line"
        label={t('newJob.firstLineComment')}
        multiline
        minRows={2}
        sx={{ gridColumn: '1 / -1' }}
      />
      <TextField
        {...text('InvoiceReference')}
        id="new-job-invoice-reference"
        label={t('newJob.invoiceReference')}
        sx={{ gridColumn: '1 / -1' }}
      />
    </Box>
  );
}
