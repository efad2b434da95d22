import { LocalDate, QuantityInput } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DateField } from '../../../../components/date-fields/DateFields.tsx';
import { useToday } from '../../../../lib/dates.ts';
import { useDateField, useTextField, useZodForm } from '../../../../lib/forms/zod-form.ts';
import { useSession } from '../../../../lib/session.tsx';
import { useCan } from '../../../../lib/use-can.ts';
import type { Job } from '../../api/jobs.ts';
import { useAddTime, useTechnicians, useTimeArticles, useTimeLine, useUpdateTime } from '../../api/parts.ts';
import { LineDialog, useCloseLineDialog, useLineSave } from './LineDialog.tsx';

const timeForm = z.object({
  ArticleNumber: z.string().min(1, 'required_field'),
  UserId: z.number().int().nullable(),
  WorkDate: LocalDate,
  Quantity: QuantityInput,
});

const wireField = (name: string) =>
  (['ArticleNumber', 'UserId', 'WorkDate', 'Quantity'] as const).find((f) => f === name) ?? null;

/**
 * Reporting hours on a machine job (route addtime/:machineJobId) or changing them (edittime/
 * :machineJobId/:timeId): the time article among those the job allows (time/time-report-articles),
 * the technician (the user by default), the day and the hours, typed with a comma or a dot.
 */
export function TimeDialog({
  job,
  machineJobId,
  lineId,
}: {
  job: Job;
  machineJobId: number;
  lineId: number | null;
}) {
  const { t } = useTranslation('orders');
  const { info } = useSession();
  const me = info?.UserInfo ?? null;
  const articles = useTimeArticles(job.Id, t('timeArticles.wrongConfiguration'));
  const technicians = useTechnicians(useCan('Appointment.Edit'));
  const existing = useTimeLine(job.Id, lineId);
  const add = useAddTime(job.Id);
  const update = useUpdateTime(job.Id);
  const today = useToday();
  const form = useZodForm(timeForm, {
    ArticleNumber: '',
    UserId: me?.Id ?? null,
    WorkDate: today,
    Quantity: '',
  });
  const field = useTextField(form);
  const dateField = useDateField(form);
  const close = useCloseLineDialog();
  const { refusal, run } = useLineSave(form, wireField, close);
  const editing = lineId !== null;
  const line0 = existing.data;

  // The line read puts its values in the form; a new line starts with the first time article.
  useEffect(() => {
    if (line0)
      form.reset({
        ArticleNumber: line0.ArticleNumber,
        UserId: line0.UserId,
        WorkDate: line0.WorkDate?.slice(0, 10) ?? today,
        Quantity: String(line0.Quantity),
      });
  }, [line0, form, today]);
  const list = articles.data ?? [];
  const firstArticle = list[0]?.ArticleNumber;
  useEffect(() => {
    if (!editing && firstArticle && form.getValues('ArticleNumber') === '')
      form.setValue('ArticleNumber', firstArticle);
  }, [editing, firstArticle, form]);

  // The technicians to choose from: the bookable users, else the user and the line's own.
  const people = new Map<number, string>();
  for (const u of technicians.data ?? []) people.set(u.Id, u.Name);
  if (me && !people.has(me.Id)) people.set(me.Id, t('timeForm.me'));
  if (line0?.UserId && !people.has(line0.UserId))
    people.set(line0.UserId, line0.UserName ?? String(line0.UserId));

  const save = form.handleSubmit((v) =>
    run(() =>
      editing && line0
        ? update.mutateAsync({ Id: line0.Id, ...v, RowVersion: line0.RowVersion })
        : add.mutateAsync({ JobId: machineJobId, ...v }),
    ),
  );
  const userId = form.watch('UserId');
  const articleNumber = form.watch('ArticleNumber');
  const busy = add.isPending || update.isPending;
  const hours = field('Quantity');
  return (
    <LineDialog
      kind="time"
      title={editing ? t('timeForm.editTitle') : t('timeForm.addTitle')}
      job={job}
      machineJobId={machineJobId}
      loading={(editing && !line0) || articles.isPending}
      refusal={refusal}
      busy={busy}
      saveDisabled={list.length === 0}
      onSubmit={save}
      onClose={close}
    >
      {list.length === 0 && <Alert severity="info">{t('timeForm.noArticles')}</Alert>}
      <TextField
        select
        required
        label={t('timeForm.article')}
        value={list.some((a) => a.ArticleNumber === articleNumber) ? articleNumber : ''}
        onChange={(e) => form.setValue('ArticleNumber', e.target.value, { shouldValidate: true })}
        error={!!form.formState.errors.ArticleNumber}
        slotProps={{ htmlInput: { 'data-testid': 'time-article' } }}
      >
        {list.map((a) => (
          <MenuItem key={a.ArticleId} value={a.ArticleNumber}>
            {`${a.ArticleNumber} · ${a.Name}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('timeForm.technician')}
        value={userId ?? ''}
        onChange={(e) => form.setValue('UserId', Number(e.target.value))}
        slotProps={{ htmlInput: { 'data-testid': 'time-user' } }}
      >
        {[...people].map(([id, name]) => (
          <MenuItem key={id} value={id}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          label={t('timeForm.date')}
          fullWidth
          required
          testId="time-date"
          {...dateField('WorkDate')}
        />
        <TextField
          label={t('timeForm.hours')}
          fullWidth
          required
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'time-hours' } }}
          {...hours}
          helperText={hours.helperText ?? t('timeForm.hoursHint')}
        />
      </Stack>
    </LineDialog>
  );
}
