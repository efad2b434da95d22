import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField } from '../../../../components/date-fields/DateFields.tsx';
import { useConfirm } from '../../../../components/feedback/index.ts';
import { ApiError } from '../../../../lib/api/client.ts';
import { useCompanyNow } from '../../../../lib/dates.ts';
import {
  showServerErrors,
  useDateField,
  useFieldProblem,
  useZodForm,
} from '../../../../lib/forms/zod-form.ts';
import { moveStart, START_STEP, snapClock } from '../../rules/dialog-times.ts';

import { parseWallClock } from '../../rules/wall-clock.ts';
import { SuggestionsPanel } from '../suggest/SuggestionsPanel.tsx';
import {
  useAppointment,
  useBookable,
  useDeleteAppointment,
  useDialogJob,
  useSaveAppointment,
} from './appointment-api.ts';
import { AppointmentForm, formDefaults, formTimes, saveBody, timesToForm } from './dialog-form.ts';
import { JobDetails, JobLinks } from './JobDetails.tsx';

/** The pickers' minute step: the grid a start and an end are saved on. */
const STEP_MINUTES = START_STEP / 60_000;

export interface AppointmentDialogProps {
  /** An appointment's id, or 'new'. */
  appointmentId: string;
  /** For a new one: the job (none: an absence), and the asked times and participant. */
  jobId?: number | null;
  start?: number;
  end?: number;
  userId?: number;
  onClose(): void;
}

/**
 * The appointment dialog (000 §2, §4): new or edit; links to the job, customer and machines; the tabs
 * appointment and job details (absences have none). Opened by the route (/planner/:appointmentId? and
 * the job's planning tab), closed by clearing the appointment from it.
 */
export function AppointmentDialog(props: AppointmentDialogProps) {
  const { t } = useTranslation('planner');
  const isNew = props.appointmentId === 'new';
  const id = isNew ? null : /^\d{1,10}$/.test(props.appointmentId) ? Number(props.appointmentId) : -1;
  const appointment = useAppointment(id !== null && id > 0 ? id : null);
  const jobId = isNew ? (props.jobId ?? null) : (appointment.data?.JobId ?? null);
  const job = useDialogJob(jobId);
  const bookable = useBookable();
  const titleId = useId();
  const ready =
    (isNew || appointment.data) &&
    (jobId === null || job.data || job.isError) &&
    (!props.userId || bookable.data);
  const failed = id === -1 || appointment.isError;

  return (
    <Dialog open onClose={props.onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t(isNew ? 'dialog.newTitle' : 'dialog.editTitle')}</DialogTitle>
      {failed ? (
        <>
          <DialogContent>
            <Alert severity="error">{t('dialog.notFound', { id: props.appointmentId })}</Alert>
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('dialog.close')}</Button>
          </DialogActions>
        </>
      ) : ready ? (
        <AppointmentEditor {...props} key={`${props.appointmentId}:${appointment.data?.RowVersion ?? ''}`} />
      ) : (
        <DialogContent>
          <CircularProgress aria-label={t('dialog.loading')} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function AppointmentEditor(props: AppointmentDialogProps) {
  const { t } = useTranslation(['planner', 'common']);
  const isNew = props.appointmentId === 'new';
  const appointment = useAppointment(isNew ? null : Number(props.appointmentId));
  const existing = isNew ? null : (appointment.data ?? null);
  const jobId = isNew ? (props.jobId ?? null) : (existing?.JobId ?? null);
  const job = useDialogJob(jobId);
  const bookable = useBookable();
  const now = parseWallClock(useCompanyNow());
  const confirm = useConfirm();
  const save = useSaveAppointment();
  const remove = useDeleteAppointment();
  const [tab, setTab] = useState<'appointment' | 'job' | 'suggest'>('appointment');
  const [refusal, setRefusal] = useState('');

  const participant = bookable.data?.find((u) => u.Id === props.userId);
  const form = useZodForm(
    AppointmentForm,
    formDefaults(existing, {
      now,
      jobId,
      estimate: job.data?.EstimatedTime,
      start: props.start,
      end: props.end,
      participant: participant ? { Id: participant.Id, Name: participant.Name } : undefined,
    }),
  );
  const problem = useFieldProblem(form);
  const dateField = useDateField(form);
  const values = form.watch();
  const isAbsence = values.isAbsence;
  const times = formTimes(values);
  const nextDay = times ? new Date(times.end).getUTCDate() !== new Date(times.start).getUTCDate() : false;
  const busy = save.isPending || remove.isPending;

  const submit = form.handleSubmit(async (v) => {
    const body = saveBody(v, jobId, existing);
    if (!body) return;
    setRefusal('');
    try {
      await save.mutateAsync(body);
      props.onClose();
    } catch (err) {
      showServerErrors(form, err, (f) =>
        f === 'Participants' || f === 'Subject'
          ? f
          : f === 'StartTime'
            ? 'start'
            : f === 'EndTime'
              ? 'end'
              : null,
      );
      if (err instanceof ApiError && !err.body?.Errors?.length) setRefusal(err.body?.Message ?? err.message);
    }
  });

  const onDelete = async () => {
    if (!existing) return;
    const ok = await confirm({
      title: t('dialog.deleteTitle'),
      message: t('dialog.deleteMessage'),
      confirmText: t('dialog.delete'),
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(existing.Id);
      props.onClose();
    } catch (err) {
      if (err instanceof ApiError) setRefusal(err.body?.Message ?? err.message);
    }
  };

  const onStart = (value: string) => {
    // The duration from the start as it will be saved (on its grid), not as typed.
    const values = form.getValues();
    const before = formTimes({ ...values, start: snapClock(values.start) });
    const next = parseWallClock(`${form.getValues('date')}T${value}`);
    form.setValue('start', value, { shouldValidate: true, shouldDirty: true });
    if (!before || Number.isNaN(next)) return;
    const moved = moveStart(before, next);
    form.setValue('end', timesToForm(moved.start, moved.end).end, {
      shouldValidate: true,
      shouldDirty: true,
    });
  };

  const showTabs = !isAbsence && jobId !== null;
  const invalid = !form.formState.isValid;

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent dividers sx={{ pt: 1 }}>
        {job.data ? <JobLinks job={job.data} /> : null}
        {showTabs ? (
          <Tabs value={tab} onChange={(_, v) => setTab(v)} aria-label={t('dialog.tabs')} sx={{ mb: 2 }}>
            <Tab value="appointment" label={t('dialog.tabAppointment')} id="appointment-tab" />
            <Tab value="job" label={t('dialog.tabJob')} id="appointment-job-tab" />
            {isNew ? <Tab value="suggest" label={t('suggest.title')} id="appointment-suggest-tab" /> : null}
          </Tabs>
        ) : null}
        {refusal ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="appointment-refusal">
            {refusal}
          </Alert>
        ) : null}
        {tab === 'suggest' && showTabs && isNew && jobId !== null ? (
          // Dispatch suggestions for the day chosen: accepting one plans the job, which closes the dialog.
          <SuggestionsPanel
            jobId={jobId}
            day={times?.start ?? now}
            estimateHours={job.data?.EstimatedTime}
            onAccepted={props.onClose}
          />
        ) : tab === 'job' && showTabs && job.data ? (
          <JobDetails job={job.data} />
        ) : (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, pt: 1 }}>
            {isAbsence ? (
              <TextField
                {...form.register('Subject')}
                label={t('dialog.subject')}
                required
                error={!!problem('Subject')}
                helperText={problem('Subject')}
                size="small"
                sx={{ gridColumn: '1 / -1' }}
              />
            ) : null}
            <DateField label={t('dialog.date')} size="small" {...dateField('date')} />
            <TimeField
              label={t('dialog.start')}
              size="small"
              value={form.watch('start')}
              onChange={onStart}
              onBlur={() => {
                // What will be saved: the start on its grid (the end already moved with it).
                const start = form.getValues('start');
                if (snapClock(start) !== start) onStart(snapClock(start));
              }}
              minutesStep={STEP_MINUTES}
              error={!!problem('start')}
              helperText={problem('start')}
            />
            <TimeField
              label={t('dialog.end')}
              size="small"
              value={form.watch('end')}
              onChange={(end) => form.setValue('end', end, { shouldValidate: true, shouldDirty: true })}
              onBlur={() => {
                const end = form.getValues('end');
                if (snapClock(end) !== end)
                  form.setValue('end', snapClock(end), { shouldValidate: true, shouldDirty: true });
              }}
              minutesStep={STEP_MINUTES}
              error={!!problem('end')}
              helperText={problem('end') ?? (nextDay ? t('dialog.nextDay') : undefined)}
            />
            <Controller
              name="Type"
              control={form.control}
              render={({ field }) => (
                <TextField
                  select
                  name={field.name}
                  inputRef={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    field.onChange(Number(e.target.value));
                    void form.trigger('Participants');
                  }}
                  label={t('dialog.type')}
                  size="small"
                  data-testid="appointment-type"
                >
                  {[1, 2, 3].map((v) => (
                    <MenuItem key={v} value={v}>
                      {t(`dialog.types.${v}`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              name="Participants"
              control={form.control}
              render={({ field }) => (
                <Autocomplete
                  multiple
                  options={(bookable.data ?? []).map((u) => ({ Id: u.Id, Name: u.Name }))}
                  getOptionLabel={(o) => o.Name}
                  isOptionEqualToValue={(a, b) => a.Id === b.Id}
                  value={field.value}
                  onChange={(_, v) => field.onChange(v)}
                  onBlur={field.onBlur}
                  loading={bookable.isPending}
                  sx={{ gridColumn: { sm: '2 / -1' } }}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      inputRef={field.ref}
                      label={t('dialog.participants')}
                      required={values.Type === 1}
                      error={!!problem('Participants')}
                      helperText={problem('Participants') ?? t(`dialog.typeHelp.${values.Type}`)}
                      size="small"
                    />
                  )}
                />
              )}
            />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {existing ? (
          <Button
            color="error"
            onClick={onDelete}
            loading={remove.isPending}
            disabled={save.isPending}
            sx={{ mr: 'auto' }}
          >
            {t('dialog.delete')}
          </Button>
        ) : null}
        <Button onClick={props.onClose} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          loading={save.isPending}
          disabled={invalid || remove.isPending}
        >
          {t('common:save')}
        </Button>
      </DialogActions>
    </form>
  );
}
