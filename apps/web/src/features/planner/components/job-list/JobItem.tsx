import type { JobListItem } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { DragEvent, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../format.ts';
import { parseWallClock } from '../../rules/wall-clock.ts';

/** The drag data type of a job dragged from the panel: its id and name as JSON. */
export const JOB_DRAG_TYPE = 'application/x-fieldport-job';

/** Heights of a list item and of an old-style card (the list is virtualised by them). */
export const ITEM_HEIGHT = 68;
export const CARD_HEIGHT = 128;

const address = (job: JobListItem) =>
  job.DeliveryAddress
    ? [job.DeliveryAddress.Street, [job.DeliveryAddress.Zip, job.DeliveryAddress.City].join(' ').trim()]
        .filter(Boolean)
        .join(', ')
    : '';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const line = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** Plan and Suggest: low enough for both to stand in one item's height, their words whole. */
const actionButton = {
  minWidth: 0,
  py: 0,
  px: 1,
  lineHeight: 1.5,
  whiteSpace: 'nowrap',
  justifyContent: 'flex-start',
} as const;

/**
 * One job of the panel, as a list item or an old-style card (PlannerJobListItemMode): dragged onto a
 * row to plan it, or focused and planned with P, Enter or its Plan button; with the AutoDispatch
 * licence S or its Suggest button shows the technicians suggested for it.
 */
export function JobItem(props: {
  job: JobListItem;
  /** Its place in the virtualised list. */
  top: number;
  cards: boolean;
  active: boolean;
  helpId: string;
  onPlan(job: JobListItem): void;
  /** A drag of it starts (the job) or ends (null): the timeline shows where it would land meanwhile. */
  onDrag?: ((job: JobListItem | null) => void) | undefined;
  /** Its dispatch suggestions (S or the Suggest button); not given without the AutoDispatch licence. */
  onSuggest?: ((job: JobListItem) => void) | undefined;
  onKey(e: KeyboardEvent<HTMLElement>): void;
  onFocus(): void;
}) {
  const { job, cards } = props;
  const { t, i18n } = useTranslation('planner');
  const where = address(job);
  const onDragStart = (e: DragEvent<HTMLElement>) => {
    e.dataTransfer.setData(JOB_DRAG_TYPE, JSON.stringify({ id: job.Id, name: job.DisplayName }));
    e.dataTransfer.setData('text/plain', job.DisplayName);
    e.dataTransfer.effectAllowed = 'copy';
    props.onDrag?.(job);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' || e.key === ' ' || e.key.toLowerCase() === 'p') {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      e.preventDefault();
      props.onPlan(job);
      return;
    }
    if (props.onSuggest && e.key.toLowerCase() === 's' && !(e.altKey || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      props.onSuggest(job);
      return;
    }
    props.onKey(e);
  };

  return (
    <Box
      role="listitem"
      draggable
      onDragStart={onDragStart}
      onDragEnd={() => props.onDrag?.(null)}
      data-testid="planner-job"
      data-job-id={job.Id}
      sx={{
        position: 'absolute',
        top: props.top,
        left: 2,
        right: 2,
        boxSizing: 'border-box',
        height: (cards ? CARD_HEIGHT : ITEM_HEIGHT) - 4,
        display: 'flex',
        alignItems: 'stretch',
        gap: 0.5,
        cursor: 'grab',
        ...(cards
          ? { border: 1, borderColor: 'divider', borderRadius: 1, boxShadow: 1, bgcolor: 'background.paper' }
          : { borderBottom: 1, borderColor: 'divider' }),
      }}
    >
      <Box
        role="button"
        tabIndex={props.active ? 0 : -1}
        aria-describedby={props.helpId}
        aria-keyshortcuts={props.onSuggest ? 'P S' : 'P'}
        data-job-focus={job.Id}
        onKeyDown={onKeyDown}
        onFocus={props.onFocus}
        sx={{
          flex: 1,
          minWidth: 0,
          px: 1,
          py: 0.5,
          borderLeft: 4,
          borderLeftColor: job.StatusColor || 'grey.500',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        <Box sx={{ ...line, fontWeight: 600, fontSize: 14 }}>{job.DisplayName}</Box>
        {/* The priority last and whole ('Critical', not 'Critica…'): what gives way is the rest of the line. */}
        <Box sx={{ display: 'flex', fontSize: 13, color: 'text.secondary', minWidth: 0 }}>
          <Box component="span" sx={{ ...line, minWidth: 0 }}>
            {[job.StatusName, job.CustomerName || t('jobList.noCustomer'), job.JobTypeName]
              .filter(Boolean)
              .join(' · ')}
          </Box>
          {job.PriorityName ? (
            <Box
              component="span"
              data-testid="planner-job-priority"
              sx={{ flex: 'none', whiteSpace: 'nowrap' }}
            >{`\u00a0· ${job.PriorityName}`}</Box>
          ) : null}
        </Box>
        {cards ? (
          <>
            {where && <Box sx={{ ...line, fontSize: 13, color: 'text.secondary' }}>{where}</Box>}
            {job.FirstLineComment && <Box sx={{ ...line, fontSize: 13 }}>{job.FirstLineComment}</Box>}
            <Box sx={{ ...line, fontSize: 12, color: 'text.secondary' }}>
              {t('jobList.created', { when: formatWhen(parseWallClock(job.CreatedDate), i18n.language) })}
            </Box>
          </>
        ) : (
          where && <Box sx={{ ...line, fontSize: 12, color: 'text.secondary' }}>{where}</Box>
        )}
      </Box>
      {/* Plan and Suggest one above the other: side by side they took half a narrow row in Norwegian. */}
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          alignItems: 'stretch',
          flex: 'none',
        }}
      >
        <Button
          size="small"
          tabIndex={-1}
          onClick={() => props.onPlan(job)}
          data-testid="planner-job-plan"
          sx={actionButton}
        >
          {t('jobList.plan')}
          <Box component="span" sx={visuallyHidden}>
            {` ${job.DisplayName}`}
          </Box>
        </Button>
        {props.onSuggest && (
          // In the tab order of the focused job only (the list's roving focus), like the job itself.
          <Button
            size="small"
            tabIndex={props.active ? 0 : -1}
            aria-keyshortcuts="S"
            data-testid="planner-job-suggest"
            onClick={() => props.onSuggest?.(job)}
            sx={actionButton}
          >
            {t('jobList.suggest')}
            <Box component="span" sx={visuallyHidden}>
              {` ${job.DisplayName}`}
            </Box>
          </Button>
        )}
      </Box>
    </Box>
  );
}
