import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField, TimeField } from '../../../../components/date-fields/DateFields.tsx';
import type { Resource } from '../../rules/rows.ts';
import { formatDay, formatWallClock, MINUTE, parseWallClock } from '../../rules/wall-clock.ts';
import type { PlannedJob } from './use-plan-job.ts';

/**
 * Planning a job without a mouse (issue 12): the technician's row and a start on the shown day (the
 * next full hour, or the work start), then planned as a drop there would be.
 */
export function PlanJobDialog(props: {
  job: PlannedJob;
  users: readonly Resource[];
  day: number;
  start: number;
  onPlan(userId: number, start: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation('planner');
  const [userId, setUserId] = useState<number | ''>(props.users[0]?.id ?? '');
  const [time, setTime] = useState(formatWallClock(props.start).slice(11, 16));
  const [day, setDay] = useState(formatDay(props.day));
  const [tried, setTried] = useState(false);
  const start = parseWallClock(`${day}T${time}`);
  const userError = tried && userId === '';
  const startError = tried && Number.isNaN(start);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (userId === '' || Number.isNaN(start)) return;
    props.onPlan(userId, Math.round(start / (15 * MINUTE)) * 15 * MINUTE);
  };

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="planner-plan-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="planner-plan-title">
          {t('jobList.planDialog.title', { name: props.job.name })}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          <TextField
            select
            autoFocus
            label={t('jobList.planDialog.user')}
            value={userId}
            onChange={(e) => setUserId(Number(e.target.value))}
            error={userError}
            helperText={userError ? t('jobList.planDialog.userRequired') : undefined}
          >
            {props.users.map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
          <DateField label={t('jobList.planDialog.day')} value={day} onChange={setDay} error={startError} />
          <TimeField
            label={t('jobList.planDialog.start')}
            value={time}
            onChange={setTime}
            error={startError}
            helperText={startError ? t('jobList.planDialog.startRequired') : undefined}
            minutesStep={15}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>{t('jobList.planDialog.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('jobList.planDialog.plan')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
