import type { SchedulerEvent } from '@fieldport/contract';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatClock, formatShortDay, formatWhen } from '../../format.ts';
import { startOfDay } from '../../rules/wall-clock.ts';
import { useDialogJob } from '../appointment-dialog/appointment-api.ts';
import type { EventAt } from '../Timeline.tsx';

/** From when to when: one day's times after its day, or both ends with their days. */
function timesOf(at: EventAt, lang: string): string {
  if (startOfDay(at.start) === startOfDay(at.end - 1))
    return `${formatShortDay(at.start, lang)} ${formatClock(at.start, lang)}–${formatClock(at.end, lang)}`;
  return `${formatWhen(at.start, lang)} – ${formatWhen(at.end, lang)}`;
}

/**
 * The tooltip's content, the event's hover card (000 §2; issue 35.1: what a box too narrow for its
 * lines does not show): its name, its technician and times, and once the job is loaded (when the card
 * first shows) its status, type, customer, address and first-line comment; a failed load says so
 * (000 §8). Loaded with the first card, not with the planner (PlannerPage).
 */
export function EventTooltip({ event, at }: { event: SchedulerEvent; at: EventAt }) {
  const { t, i18n } = useTranslation('planner');
  const job = useDialogJob(event.jobId);
  const when = (
    <div data-testid="planner-event-tooltip-when">
      {[at.user, timesOf(at, i18n.language)].filter(Boolean).join(' · ')}
    </div>
  );
  if (event.jobId === null)
    return (
      <Box data-testid="planner-event-tooltip">
        <strong>{event.name}</strong>
        <div>{t('menu.tooltipNoJob')}</div>
        {when}
      </Box>
    );
  const j = job.data;
  return (
    <Box data-testid="planner-event-tooltip">
      <strong>{event.name}</strong>
      {when}
      {j ? (
        <>
          <div>{j.SubStatusName ? `${j.StatusName} · ${j.SubStatusName}` : j.StatusName}</div>
          <div>{[j.JobTypeName, j.CustomerName].filter(Boolean).join(' · ')}</div>
          {event.address ? <div>{event.address}</div> : null}
          {j.FirstLineComment ? <div>{j.FirstLineComment}</div> : null}
        </>
      ) : (
        <div>{job.isError ? t('menu.tooltipFailed', { id: event.jobId }) : t('menu.tooltipLoading')}</div>
      )}
    </Box>
  );
}
