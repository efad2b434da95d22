import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { formatWallClock, parseWallClock } from '../../rules/wall-clock.ts';
import { SuggestionsPanel } from '../suggest/SuggestionsPanel.tsx';
import { useJobEstimate } from './api.ts';
import type { PlannedJob } from './use-plan-job.ts';

/**
 * The dispatch suggestions of a job from the list (issue 12): the technicians ranked for the planner's
 * shown day, each with its reason; Accept plans the job for one of them at once (`onPlan`, the same
 * save as a drop) and closes the dialog when saved.
 */
export function SuggestJobDialog(props: {
  job: PlannedJob;
  /** The shown day and the first start asked about on it (wall-clock ms). */
  day: number;
  start: number;
  onPlan(job: PlannedJob, userId: number, start: number, end: number): Promise<boolean>;
  onClose(): void;
}) {
  const { t } = useTranslation('planner');
  const estimate = useJobEstimate(props.job.id);
  return (
    <Dialog open onClose={props.onClose} aria-labelledby="planner-suggest-title" fullWidth maxWidth="sm">
      <DialogTitle id="planner-suggest-title">
        {t('jobList.suggestDialog.title', { name: props.job.name })}
      </DialogTitle>
      <DialogContent dividers>
        {estimate.ready ? (
          <SuggestionsPanel
            jobId={props.job.id}
            day={props.day}
            estimateHours={estimate.hours}
            start={formatWallClock(props.start).slice(11, 16)}
            save={async (choice) => {
              const saved = await props.onPlan(
                props.job,
                choice.UserId,
                parseWallClock(choice.StartTime),
                parseWallClock(choice.EndTime),
              );
              if (saved) props.onClose();
              return saved;
            }}
          />
        ) : (
          <LinearProgress aria-label={t('suggest.loading')} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('jobList.suggestDialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
