import { LocalDate, QuantityInput } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../../components/date-fields/DateFields.tsx';
import { FormDialog } from '../../../components/form-dialog/index.ts';
import { apiMessage } from '../../../lib/api/api-message.ts';
import { showServerErrors, useDateField, useTextField, useZodForm } from '../../../lib/forms/zod-form.ts';
import { type TimeRow, useAddRow, useTimeArticles, useUpdateRow } from '../api.ts';
import { type JobChoice, JobPicker } from './JobPicker.tsx';

const rowForm = z.object({
  WorkDate: LocalDate,
  Hours: QuantityInput,
  ArticleNumber: z.string().min(1, 'required_field'),
  JobId: z.string().regex(/^\d{0,10}$/, 'Must be a valid whole number.'),
  Description: z.string().max(300, 'Max 300 characters.'),
  Comment: z.string().max(1000, 'Max 1000 characters.'),
});
const FIELDS = ['WorkDate', 'Hours', 'ArticleNumber', 'JobId', 'Description', 'Comment'] as const;
const wireField = (name: string) => FIELDS.find((f) => f === (name === 'Quantity' ? 'Hours' : name)) ?? null;

/**
 * Adding hours (on a day, with a time article; on a machine job by its number when the user may report
 * on jobs) or changing a row. The server's refusal (more than 24 hours a day, an approved week, a job
 * that is closed) shows in the dialog.
 */
export function RowDialog({
  userId,
  day,
  row,
  onJobs,
  onClose,
}: {
  userId: number | null;
  day: string;
  row: TimeRow | null;
  onJobs: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('timereport');
  const [key] = useState(() => crypto.randomUUID());
  const articles = useTimeArticles();
  const add = useAddRow();
  const update = useUpdateRow();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [job, setJob] = useState<JobChoice | null>(null);
  const form = useZodForm(rowForm, {
    WorkDate: row?.WorkDate ?? day,
    Hours: row ? String(row.Hours) : '',
    ArticleNumber: row?.ArticleNumber ?? '',
    JobId: row?.JobId ? String(row.JobId) : '',
    Description: row?.Description ?? '',
    Comment: row?.Comment ?? '',
  });
  const field = useTextField(form);
  const dateField = useDateField(form);
  const article = form.watch('ArticleNumber');
  const list = articles.data ?? [];
  const save = form.handleSubmit(async (v) => {
    setRefusal(null);
    const texts = {
      ...(v.Description ? { Description: v.Description } : {}),
      ...(v.Comment || row ? { Comment: v.Comment } : {}),
    };
    try {
      if (row)
        await update.mutateAsync({
          Kind: row.Kind,
          Id: row.Id,
          WorkDate: v.WorkDate,
          Hours: v.Hours,
          ArticleNumber: v.ArticleNumber,
          ...texts,
          RowVersion: row.RowVersion,
        });
      else
        await add.mutateAsync({
          key,
          body: {
            ...(userId !== null ? { UserId: userId } : {}),
            WorkDate: v.WorkDate,
            Hours: v.Hours,
            ArticleNumber: v.ArticleNumber,
            ...(v.JobId ? { JobId: Number(v.JobId) } : {}),
            ...texts,
          },
        });
      onClose();
    } catch (err) {
      showServerErrors(form, err, wireField);
      setRefusal(apiMessage(err) ?? t('failed'));
    }
  });
  return (
    <FormDialog
      title={row ? t('row.editTitle') : t('row.addTitle')}
      submitLabel={t('save')}
      cancelLabel={t('cancel')}
      pending={add.isPending || update.isPending}
      submitTestId="row-save"
      data-testid="row-dialog"
      onSubmit={save}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {row?.Kind === 'Job' && (
          <Typography variant="body2" color="text.secondary">
            {t('row.onJob', { job: [row.OrderId, row.JobName].filter(Boolean).join(' · ') })}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField label={t('row.date')} required testId="row-date" {...dateField('WorkDate')} />
          <TextField
            label={t('row.hours')}
            required
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'row-hours' } }}
            {...field('Hours')}
          />
        </Stack>
        <TextField
          select
          required
          label={t('row.article')}
          value={list.some((a) => a.ArticleNumber === article) ? article : ''}
          onChange={(e) => form.setValue('ArticleNumber', e.target.value, { shouldValidate: true })}
          error={!!form.formState.errors.ArticleNumber}
          helperText={list.find((a) => a.ArticleNumber === article)?.Description || undefined}
          slotProps={{ htmlInput: { 'data-testid': 'row-article' } }}
        >
          {list.map((a) => (
            <MenuItem key={a.ArticleId} value={a.ArticleNumber}>
              {`${a.ArticleNumber} · ${a.Name}`}
            </MenuItem>
          ))}
        </TextField>
        {!row && onJobs && (
          <JobPicker
            value={job}
            onChange={(v) => {
              setJob(v);
              form.setValue('JobId', v ? String(v.Id) : '', { shouldDirty: true });
              form.clearErrors('JobId');
            }}
            ownJobs={userId === null}
            error={form.formState.errors.JobId?.message}
          />
        )}
        <TextField label={t('row.description')} {...field('Description')} />
        <TextField label={t('row.comment')} {...field('Comment')} />
        {refusal && (
          <Alert severity="warning" role="alert" data-testid="row-refusal">
            {refusal}
          </Alert>
        )}
      </Stack>
    </FormDialog>
  );
}
