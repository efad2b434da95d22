import { EmploymentChangeInput } from '@fieldport/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { callApi } from '../../lib/api/client.ts';
import { showServerErrors, useDateField, useTextField, useZodForm } from '../../lib/forms/zod-form.ts';
import { DateField } from '../date-fields/DateFields.tsx';
import { userKeys } from './api.ts';

/** The form: the contract's own checks on the hours (a decimal comma allowed); an empty date is none. */
const employmentForm = z.object({
  WeeklyHours: z
    .string()
    .refine(
      (v) => EmploymentChangeInput.shape.WeeklyHours.safeParse(v).success,
      'Must be from 0 to 168 hours.',
    ),
  StartDate: z.string(),
});

/** A staff account's employment (the Admin): hours per week and start date (PATCH employment). */
export function EmploymentSection({ userId }: { userId: number }) {
  const { t } = useTranslation(['users', 'common']);
  const client = useQueryClient();
  const key = [...userKeys.detail(userId), 'employment'] as const;
  const employment = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => callApi('employment', { query: { UserId: String(userId) } }, { signal }),
  });
  const save = useMutation({
    mutationFn: (body: EmploymentChangeInput) =>
      callApi('employmentChange', { body }, { notify: true, silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(key, saved);
      return client.invalidateQueries({ queryKey: ['time-report'] });
    },
  });
  const form = useZodForm(employmentForm, { WeeklyHours: '', StartDate: '' });
  const text = useTextField(form);
  const dateField = useDateField(form);
  const data = employment.data;
  useEffect(() => {
    if (data) form.reset({ WeeklyHours: String(data.WeeklyHours), StartDate: data.StartDate ?? '' });
  }, [data, form]);
  const submit = form.handleSubmit(async (v) => {
    try {
      await save.mutateAsync({ UserId: userId, WeeklyHours: v.WeeklyHours, StartDate: v.StartDate || null });
    } catch (err) {
      showServerErrors(form, err, (f) => (f === 'WeeklyHours' || f === 'StartDate' ? f : null));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="employment-heading">
      <Typography variant="subtitle2" component="h3" id="employment-heading" sx={{ mt: 3, mb: 1 }}>
        {t('users:employment.title')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('users:employment.weeklyHours')}
          inputMode="decimal"
          disabled={!data}
          {...text('WeeklyHours')}
        />
        <DateField label={t('users:employment.startDate')} disabled={!data} {...dateField('StartDate')} />
        <Button
          type="submit"
          variant="outlined"
          disabled={!data || !form.formState.isDirty}
          loading={save.isPending}
          sx={{ mt: { sm: 1 } }}
        >
          {t('users:employment.save')}
        </Button>
      </Stack>
    </form>
  );
}
