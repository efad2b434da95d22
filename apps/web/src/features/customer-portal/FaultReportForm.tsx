import { FaultReportInput } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FaultFields, startingPriority } from '../../components/fault-report/FaultFields.tsx';
import { showServerErrors, useZodForm } from '../../lib/forms/zod-form.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { statusFilter } from '../../lib/routing/job-filter.ts';
import { usePriorities, useReportFault } from './api.ts';

const newKey = () => crypto.randomUUID();

/**
 * The fault report of one machine (issue 32, decision 068): what is wrong and how urgent. Sent once per
 * report (Idempotency-Key, a new one after each success); the new job is linked when it is made. Kept
 * free of the portal's pages so the public label form can show it too.
 */
export function FaultReportForm({ machineId }: { machineId: number }) {
  const { t } = useTranslation('portal');
  const priorities = usePriorities();
  const [key, setKey] = useState(newKey);
  const report = useReportFault(machineId, key);
  const [made, setMade] = useState<{ id: number; name: string; status: number } | null>(null);
  const list = priorities.data ?? [];
  const form = useZodForm(FaultReportInput, { Description: '', JobPriorityId: startingPriority(list) });
  // The priorities arrive after the form: a company without the Normal priority starts at its first.
  useEffect(() => {
    if (list.length && !list.some((p) => p.Id === form.getValues('JobPriorityId')))
      form.setValue('JobPriorityId', startingPriority(list));
  }, [list, form]);

  const submit = form.handleSubmit(async (body) => {
    try {
      const job = await report.mutateAsync(body);
      setMade({ id: job.Id, name: job.OrderId ?? String(job.Id), status: job.JobStatusId });
      setKey(newKey());
      form.reset({ Description: '', JobPriorityId: body.JobPriorityId });
    } catch (err) {
      showServerErrors(form, err, (name) =>
        name === 'Description' || name === 'JobPriorityId' ? name : null,
      );
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-labelledby="fault-title"
      sx={{ display: 'grid', gap: 2 }}
    >
      {made ? (
        <Alert severity="success" role="status">
          {t('fault.made', { name: made.name })}{' '}
          <Link
            component={RouterLink}
            to={pathFor('ViewJob', { filter: statusFilter(made.status), jobId: String(made.id) })}
          >
            {t('fault.openJob')}
          </Link>
        </Alert>
      ) : null}
      <FaultFields form={form} priorities={list} />
      <Box>
        <Button type="submit" variant="contained" disabled={report.isPending}>
          {t('fault.send')}
        </Button>
      </Box>
    </Box>
  );
}
