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
import type { TimeAddInput, TimeChangeInput } from '../../../../lib/outbox/inputs.ts';
import { lineLabel } from '../../../../lib/outbox/labels.ts';
import { CommandRefused } from '../../../../lib/outbox/state.ts';
import { useSession } from '../../../../lib/session.tsx';
import { useCan } from '../../../../lib/use-can.ts';
import type { Job } from '../../api/jobs.ts';
import { useAddTime, useTechnicians, useTimeArticles, useTimeLine, useUpdateTime } from '../../api/parts.ts';
import { LineDialog, useCloseLineDialog, useCommandToEdit, useLineSave } from './LineDialog.tsx';

const timeForm = z.object({
  ArticleNumber: z.string().min(1, 'required_field'),
  UserId: z.number().int().nullable(),
  WorkDate: LocalDate,
  Quantity: QuantityInput,
});

const wireField = (name: string) =>
  (['ArticleNumber', 'UserId', 'WorkDate', 'Quantity'] as const).find((f) => f === name) ?? null;

const TIME_KINDS = ['timeAdd', 'timeChange'] as const;

/**
 * Reporting hours on a machine job (route addtime/:machineJobId) or changing them (edittime/
 * :machineJobId/:timeId): the time article among those the job allows (time/time-report-articles),
 * the technician (the user by default), the day and the hours, typed with a comma or a dot. The write
 * is a command of the outbox (decision 095): offline it waits on the device; a refused one is corrected
 * here (`?command=` its key) and sent again in its place.
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
  const { refusal, run, show } = useLineSave(form, wireField, close);
  const editing = lineId !== null;
  const line0 = existing.data;

  // A refused command puts its values in the form, with the server's messages on their fields.
  const edit = useCommandToEdit(job.Id, TIME_KINDS, (command) => {
    const body = (command.input as TimeAddInput | TimeChangeInput).body;
    form.reset({
      ArticleNumber: body.ArticleNumber ?? '',
      UserId: body.UserId ?? null,
      WorkDate: body.WorkDate ?? today,
      Quantity: String(body.Quantity ?? ''),
    });
    show(new CommandRefused(command, true));
  });
  const first = edit.first;
  // The line read puts its values in the form; a new line starts with the first time article.
  useEffect(() => {
    if (line0 && !first)
      form.reset({
        ArticleNumber: line0.ArticleNumber,
        UserId: line0.UserId,
        WorkDate: line0.WorkDate?.slice(0, 10) ?? today,
        Quantity: String(line0.Quantity),
      });
  }, [line0, form, today, first]);
  const list = articles.data ?? [];
  const firstArticle = list[0]?.ArticleNumber;
  useEffect(() => {
    if (!editing && firstArticle && form.getValues('ArticleNumber') === '')
      form.setValue('ArticleNumber', firstArticle);
  }, [editing, firstArticle, form]);

  const people = peopleOf(technicians.data, me && { Id: me.Id, Name: t('timeForm.me') }, line0);

  const save = form.handleSubmit((v) => {
    const article = list.find((a) => a.ArticleNumber === v.ArticleNumber);
    const label = lineLabel({
      Quantity: v.Quantity,
      Unit: article?.Unit ?? line0?.Unit ?? '',
      ArticleNumber: v.ArticleNumber,
      Description: article?.Name ?? line0?.Description ?? '',
      WorkDate: v.WorkDate,
    });
    return run(async () => {
      const command = edit.command;
      if (command) {
        const body = editing
          ? { Id: (command.input as TimeChangeInput).body.Id, ...v }
          : { JobId: machineJobId, ...v };
        return edit.send({ input: { jobId: job.Id, body } as TimeAddInput | TimeChangeInput, label });
      }
      return editing && line0
        ? update.mutateAsync({ body: { Id: line0.Id, ...v }, rowVersion: line0.RowVersion, label })
        : add.mutateAsync({ body: { JobId: machineJobId, ...v }, label });
    });
  });
  const userId = form.watch('UserId');
  const articleNumber = form.watch('ArticleNumber');
  const busy = add.isPending || update.isPending || edit.busy;
  const hours = field('Quantity');
  return (
    <LineDialog
      kind="time"
      title={editing ? t('timeForm.editTitle') : t('timeForm.addTitle')}
      job={job}
      machineJobId={machineJobId}
      loading={(editing && !line0 && !first) || articles.isPending}
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

/** The technicians to choose from: the bookable users, else the user and the line's own. */
function peopleOf(
  technicians: readonly { Id: number; Name: string }[] | undefined,
  me: { Id: number; Name: string } | null,
  line: { UserId: number | null; UserName?: string | null } | undefined,
) {
  const people = new Map<number, string>();
  for (const u of technicians ?? []) people.set(u.Id, u.Name);
  if (me && !people.has(me.Id)) people.set(me.Id, me.Name);
  if (line?.UserId && !people.has(line.UserId)) people.set(line.UserId, line.UserName ?? String(line.UserId));
  return people;
}
