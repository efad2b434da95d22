import type { SchedulerEvent } from '@fieldport/contract';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useDialogJob } from '../appointment-dialog/appointment-api.ts';

/** The tooltip's content (000 §2): it loads the event's job when it first shows; a failed load says so (000 §8). */
export function EventTooltip({ event }: { event: SchedulerEvent }) {
  const { t } = useTranslation('planner');
  const job = useDialogJob(event.jobId);
  if (event.jobId === null)
    return (
      <Box data-testid="planner-event-tooltip">
        <strong>{event.name}</strong>
        <div>{t('menu.tooltipNoJob')}</div>
      </Box>
    );
  const j = job.data;
  return (
    <Box data-testid="planner-event-tooltip">
      <strong>{event.name}</strong>
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
