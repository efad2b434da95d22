import type { Appointment } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TimeField } from '../../../../components/date-fields/DateFields.tsx';
import { useSession } from '../../../../lib/session.tsx';
import { formatDay, formatWallClock, HOUR, MINUTE, parseWallClock } from '../../rules/wall-clock.ts';
import { type Acceptance, useAcceptSuggestion, useSuggestions } from './api.ts';

interface Props {
  jobId: number;
  /** The day to plan on (wall-clock ms of any time that day). */
  day: number;
  /** The job's estimate in hours; 2 hours when unknown (000 §9). */
  estimateHours?: number | null;
  /** The first start asked about, 'HH:mm'; the work start when not given. */
  start?: string;
  onAccepted?(appointment: Appointment): void;
  /**
   * Saves an accepted suggestion instead of the panel's own save (the job list plans through the same
   * save as a drop, use-plan-job.ts); true when saved.
   */
  save?(choice: Acceptance & { name: string }): Promise<boolean>;
}

const DEFAULT_HOURS = 2;

/**
 * Dispatch suggestions for a job (issue 12, the AutoDispatch licence): the users free for the job's
 * estimate from a chosen start on the day, ranked by travel from their previous stop and their load that
 * day with the reason; Accept plans the job for that user at once.
 */
export function SuggestionsPanel({ jobId, day, estimateHours, start, onAccepted, save }: Props) {
  const { t } = useTranslation('planner');
  const { info } = useSession();
  const licensed = info?.Licences.AutoDispatch === true;
  const [time, setTime] = useState(start ?? info?.GlobalSettings.WorkHourStart ?? '08:00');
  const hours = estimateHours && estimateHours > 0 ? estimateHours : DEFAULT_HOURS;
  const from = parseWallClock(`${formatDay(day)}T${time}`);
  const valid = !Number.isNaN(from);
  const startText = valid ? formatWallClock(from) : '';
  const endText = valid
    ? formatWallClock(from + Math.ceil((hours * HOUR) / (15 * MINUTE)) * 15 * MINUTE)
    : '';
  const ranked = useSuggestions(jobId, startText, endText, licensed && valid);
  const accept = useAcceptSuggestion();
  const [saving, setSaving] = useState(false);
  const [accepted, setAccepted] = useState<string | null>(null);
  const choose = (u: { Id: number; Name: string }) => {
    const choice = { JobId: jobId, UserId: u.Id, UserName: u.Name, StartTime: startText, EndTime: endText };
    if (save) {
      setSaving(true);
      void save({ ...choice, name: u.Name }).finally(() => setSaving(false));
      return;
    }
    accept.mutate(choice, {
      onSuccess: (appointment) => {
        setAccepted(t('suggest.accepted', { name: u.Name, time }));
        onAccepted?.(appointment);
      },
    });
  };

  if (!licensed) return <Alert severity="info">{t('suggest.licence')}</Alert>;

  return (
    <Box component="section" aria-labelledby={`suggest-title-${jobId}`} data-testid="planner-suggestions">
      <Typography id={`suggest-title-${jobId}`} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('suggest.title')}
      </Typography>
      <TimeField
        size="small"
        label={t('suggest.start')}
        value={time}
        onChange={setTime}
        error={!valid}
        helperText={valid ? t('suggest.duration', { hours }) : t('suggest.badTime')}
        minutesStep={15}
        sx={{ my: 1, width: 200 }}
      />
      {ranked.isFetching && <LinearProgress aria-label={t('suggest.loading')} />}
      {ranked.isError && <Alert severity="error">{t('suggest.failed')}</Alert>}
      {accepted && (
        <Alert severity="success" role="status">
          {accepted}
        </Alert>
      )}
      {ranked.data?.length === 0 && <Typography color="text.secondary">{t('suggest.none')}</Typography>}
      <Box component="ol" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {ranked.data?.map((u) => (
          <Box
            component="li"
            key={u.Id}
            data-testid="planner-suggestion"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              py: 0.75,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Box sx={{ flex: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {t('suggest.rank', { rank: u.Rank, name: u.Name })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {u.Reason}
              </Typography>
            </Box>
            <Button
              size="small"
              variant="outlined"
              disabled={accept.isPending || saving}
              aria-label={t('suggest.acceptFor', { name: u.Name, time })}
              onClick={() => choose(u)}
            >
              {t('suggest.accept')}
            </Button>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
