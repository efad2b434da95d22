import type { OptimisedDay } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatLongDay } from '../../format.ts';
import { parseWallClock } from '../../rules/wall-clock.ts';
import { DayChangedError, movedOf, useApplyOptimisedDay, useOptimisedDay } from './optimise-api.ts';

/** The map and its libraries load only when the dialog shows an answer. */
const OptimiseMap = lazy(() => import('./OptimiseMap.tsx'));

export interface OptimiseTarget {
  userId: number;
  userName: string;
  /** YYYY-MM-DD */
  date: string;
}

/**
 * "Optimise this day" (issue 30): the user's day as it is and with its movable appointments in the
 * solver's order, the stops with their times, the driving before and after and what it saves, both
 * routes on the map; Accept moves each changed appointment (nothing is saved before). A day changed
 * meanwhile (409) is said and read again; a day that cannot be improved says so and offers no Accept.
 */
export function OptimiseDayDialog({
  target,
  onClose,
  onApplied,
}: {
  target: OptimiseTarget;
  onClose(): void;
  onApplied(text: string): void;
}) {
  const { t, i18n } = useTranslation('planner');
  const optimised = useOptimisedDay(target.userId, target.date);
  const apply = useApplyOptimisedDay();
  const [problem, setProblem] = useState<string | null>(null);
  const day = optimised.data;
  const title = t('optimise.title', {
    name: target.userName,
    date: formatLongDay(parseWallClock(target.date), i18n.language),
  });
  const moved = day ? movedOf(day) : [];
  const improves = !!day && day.Changed && moved.length > 0;

  const onAccept = () => {
    if (!day) return;
    setProblem(null);
    apply.mutate(day, {
      onSuccess: (count) => {
        onApplied(t('optimise.applied', { count, name: target.userName }));
        onClose();
      },
      onError: (err) =>
        setProblem(
          err instanceof DayChangedError ? t('optimise.changedMeanwhile') : t('optimise.applyFailed'),
        ),
    });
  };

  return (
    <Dialog
      open
      onClose={apply.isPending ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="optimise-title"
    >
      <DialogTitle id="optimise-title">{title}</DialogTitle>
      <DialogContent data-testid="planner-optimise-dialog">
        {(optimised.isFetching || apply.isPending) && (
          <LinearProgress aria-label={t('optimise.working')} sx={{ mb: 1 }} />
        )}
        {problem && (
          <Alert severity="warning" role="alert" sx={{ mb: 1 }}>
            {problem}
          </Alert>
        )}
        {optimised.isError && <Alert severity="error">{t('optimise.failed')}</Alert>}
        {day && !optimised.isFetching && (
          <>
            {day.Appointments.length === 0 ? (
              <Alert severity="info" role="status">
                {t('optimise.empty')}
              </Alert>
            ) : improves ? (
              <Alert severity="success" role="status" data-testid="planner-optimise-saving">
                {t('optimise.saves', {
                  minutes: day.Before.TravelMinutes - day.After.TravelMinutes,
                  km: round1(day.Before.TravelKm - day.After.TravelKm),
                })}
              </Alert>
            ) : (
              <Alert severity="info" role="status" data-testid="planner-optimise-nothing">
                {t('optimise.nothingBetter')}
              </Alert>
            )}
            {day.Appointments.length > 0 && (
              <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, mt: 2 }}>
                <Stops
                  kind="before"
                  heading={t('optimise.before')}
                  totals={day.Before}
                  list={[...day.Appointments]
                    .sort((a, b) => a.OldStartTime.localeCompare(b.OldStartTime))
                    .map((a) => ({ a, start: a.OldStartTime, end: a.OldEndTime }))}
                />
                <Stops
                  kind="after"
                  heading={t('optimise.after')}
                  totals={improves ? day.After : day.Before}
                  list={(improves
                    ? day.Appointments
                    : [...day.Appointments].sort((a, b) => a.OldStartTime.localeCompare(b.OldStartTime))
                  ).map((a) => ({
                    a,
                    start: improves ? a.StartTime : a.OldStartTime,
                    end: improves ? a.EndTime : a.OldEndTime,
                    reason: a.Reason,
                  }))}
                />
              </Box>
            )}
            {day.TravelEstimated && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('optimise.estimated')}
              </Typography>
            )}
            {improves && (
              <Suspense fallback={<LinearProgress aria-label={t('map.loading')} sx={{ mt: 2 }} />}>
                <OptimiseMap day={day} />
              </Suspense>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={apply.isPending}>
          {improves ? t('optimise.cancel') : t('optimise.close')}
        </Button>
        {improves && (
          <Button variant="contained" onClick={onAccept} disabled={apply.isPending || optimised.isFetching}>
            {t('optimise.accept', { count: moved.length })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function Stops({
  kind,
  heading,
  totals,
  list,
}: {
  kind: 'before' | 'after';
  heading: string;
  totals: OptimisedDay['Before'];
  list: { a: OptimisedDay['Appointments'][number]; start: string; end: string; reason?: string }[];
}) {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const clock = (s: string) => formatClock(parseWallClock(s), lang);
  const id = `optimise-${kind}`;
  return (
    <Box component="section" aria-labelledby={id} data-testid={`planner-optimise-${kind}`}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {heading}
      </Typography>
      <Typography variant="body2" data-testid={`planner-optimise-${kind}-total`} sx={{ mb: 0.5 }}>
        {t('optimise.driving', { minutes: totals.TravelMinutes, km: totals.TravelKm })}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3 }}>
        {list.map(({ a, start, end, reason }) => (
          <Box component="li" key={a.Id} data-testid={`planner-optimise-${kind}-stop`}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
              {clock(start)}–{clock(end)} {a.Subject}
            </Typography>
            {reason && (
              <Typography variant="body2" color="text.secondary">
                {reason}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
