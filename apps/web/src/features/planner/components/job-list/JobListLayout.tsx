import type { JobListItem } from '@fieldport/contract';
import Box from '@mui/material/Box';
import { useQueryClient } from '@tanstack/react-query';
import {
  type DragEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usePreference } from '../../../../lib/preferences.ts';
import { useSession } from '../../../../lib/session.tsx';
import { useElementWidth } from '../../../../lib/use-element-width.ts';
import type { TimeAxis } from '../../rules/axis.ts';
import { jobDropBox } from '../../rules/drop-indicator.ts';
import { dropTarget } from '../../rules/drop-target.ts';
import { JOB_LIST_PANEL_HEIGHT, jobListPlacement } from '../../rules/job-list-placement.ts';
import { bodyPoint, clampWidth, suggestedStart } from '../../rules/plan-drop.ts';
import type { Resource, TimelineRow } from '../../rules/rows.ts';
import type { PlannerScope } from '../../rules/scope-range.ts';
import { showDropIndicator } from '../DropIndicator.tsx';
import { HEADER_HEIGHT } from '../TimelineHeader.tsx';
import { NAME_WIDTH } from '../TimelineUserRow.tsx';
import { fetchEstimate } from './api.ts';
import { JOB_DRAG_TYPE } from './JobItem.tsx';
import { JobListPanel } from './JobListPanel.tsx';
import { PlanJobDialog } from './PlanJobDialog.tsx';
import { ResizeSeparator } from './ResizeSeparator.tsx';
import { SuggestJobDialog } from './SuggestJobDialog.tsx';
import { type PlannedJob, usePlanJob } from './use-plan-job.ts';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The planner's body with the job list (PlannerJobListShow): the panel on the left with the separator that
 * sizes it (10–45 percent, PlannerJobListWidth), or above or below at 222 px (PlannerJobListPlacement), and the timeline (`children`) that takes jobs dropped
 * on it. A drop counts only over a time on a named user's row; the keyboard plans through a dialog.
 */
const unmeasured = () => 0;

export function JobListLayout(props: {
  scope: PlannerScope;
  /** The shown day (the toolbar's date), the company's wall clock now, and the work start hour. */
  date: number;
  now: number;
  workStartHour: number;
  axis: TimeAxis;
  rows: readonly TimelineRow[];
  /** While the timeline's first events are still being read: the panel waits (see usePanelAfterTimeline). */
  timelinePending: boolean;
  /** Told the width the timeline has (beside, above or below the list), as it changes. */
  onTimelineWidth?: (width: number) => void;
  children: ReactNode;
}) {
  const { scope, axis, rows } = props;
  const panelShown = usePanelAfterTimeline(props.timelinePending);
  const { t } = useTranslation('planner');
  const [show] = usePreference('PlannerJobListShow');
  const [storedWidth, setWidth] = usePreference('PlannerJobListWidth');
  const width = clampWidth(storedWidth);
  const placement = jobListPlacement(usePreference('PlannerJobListPlacement')[0]);
  const beside = placement === 'side';
  const container = useRef<HTMLDivElement>(null);
  const [planning, setPlanning] = useState<PlannedJob | null>(null);
  const [suggesting, setSuggesting] = useState<PlannedJob | null>(null);
  // Suggestions need the AutoDispatch licence, as in the appointment dialog (issue 12).
  const licensed = useSession().info?.Licences.AutoDispatch === true;

  const users = useMemo(
    () => rows.flatMap((r): Resource[] => (r.kind === 'user' && r.resource.name.trim() ? [r.resource] : [])),
    [rows],
  );
  const userName = useCallback((id: number) => users.find((u) => u.id === id)?.name ?? '', [users]);
  const { plan, planAt, announcement } = usePlanJob(scope, userName);

  // The job being dragged and its estimate once read (a drag's data cannot be read before the drop).
  const client = useQueryClient();
  const dropzone = useRef<HTMLDivElement>(null);
  // 0 until laid out: the axis keeps its own scale where nothing is measured.
  const timelineWidth = useElementWidth(dropzone, unmeasured);
  const { onTimelineWidth } = props;
  useLayoutEffect(() => onTimelineWidth?.(timelineWidth), [timelineWidth, onTimelineWidth]);
  const dragging = useRef<{ id: number; hours: number | null } | null>(null);
  const onDragJob = useCallback(
    (job: JobListItem | null) => {
      if (!job) {
        dragging.current = null;
        showDropIndicator(dropzone.current, null);
        return;
      }
      const current = { id: job.Id, hours: null as number | null };
      dragging.current = current;
      fetchEstimate(client, job.Id).then(
        (hours) => {
          current.hours = hours;
        },
        () => {},
      );
    },
    [client],
  );

  /** The pointer as a point of the timeline's body, or null beside it (names, header, outside). */
  const pointOf = (e: DragEvent<HTMLElement>) => {
    const grid = e.currentTarget.querySelector<HTMLElement>('[role="grid"]');
    if (!grid) return null;
    const box = grid.getBoundingClientRect();
    return bodyPoint(
      {
        left: box.left + grid.clientLeft,
        top: box.top + grid.clientTop,
        scrollLeft: grid.scrollLeft,
        scrollTop: grid.scrollTop,
      },
      NAME_WIDTH,
      HEADER_HEIGHT,
      e.clientX,
      e.clientY,
    );
  };
  // Over a valid target the ghost box shows where the job lands; elsewhere the drop is refused (the
  // not-allowed cursor) and no box shows.
  const onDragOver = (e: DragEvent<HTMLElement>) => {
    if (!e.dataTransfer.types.includes(JOB_DRAG_TYPE)) return;
    const box = jobDropBox(axis, rows, scope, pointOf(e), dragging.current?.hours);
    showDropIndicator(e.currentTarget, box);
    if (!box) {
      e.dataTransfer.dropEffect = 'none';
      return;
    }
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = (e: DragEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) showDropIndicator(e.currentTarget, null);
  };
  const onDrop = (e: DragEvent<HTMLElement>) => {
    showDropIndicator(e.currentTarget, null);
    const raw = e.dataTransfer.getData(JOB_DRAG_TYPE);
    if (!raw) return;
    e.preventDefault();
    const point = pointOf(e);
    let job: PlannedJob;
    try {
      job = JSON.parse(raw) as PlannedJob;
    } catch {
      return;
    }
    const target = point && dropTarget(axis, rows, point.x, point.y);
    if (target) void plan(job, target);
  };
  const planFromList = useCallback(
    (job: JobListItem) => setPlanning({ id: job.Id, name: job.DisplayName }),
    [],
  );
  const suggestFromList = useCallback(
    (job: JobListItem) => setSuggesting({ id: job.Id, name: job.DisplayName }),
    [],
  );
  const start = suggestedStart(props.date, props.now, props.workStartHour);

  const timeline = (
    <Box
      ref={dropzone}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="planner-dropzone"
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}
    >
      {props.children}
    </Box>
  );

  // Above or below, the list comes before or after the schedule in the page's order too (focus, readers).
  return (
    <Box
      ref={container}
      data-placement={placement}
      sx={{
        display: 'flex',
        flex: 1,
        minHeight: 0,
        flexDirection: beside ? 'row' : 'column',
      }}
    >
      <Box aria-live="polite" role="status" data-testid="planner-jobs-announcer" sx={visuallyHidden}>
        {announcement}
      </Box>
      {placement === 'bottom' ? timeline : null}
      {show && (
        <>
          <Box
            data-testid="planner-job-list-area"
            sx={
              beside
                ? { width: `${width}%`, flex: 'none', minWidth: 0 }
                : { height: JOB_LIST_PANEL_HEIGHT, flex: 'none', minHeight: 0 }
            }
          >
            {panelShown && (
              <JobListPanel
                onPlan={planFromList}
                onSuggest={licensed ? suggestFromList : undefined}
                onDrag={onDragJob}
              />
            )}
          </Box>
          {beside ? (
            <ResizeSeparator
              width={width}
              label={t('jobList.resize')}
              container={() => container.current}
              onWidth={setWidth}
            />
          ) : null}
        </>
      )}
      {placement === 'bottom' ? null : timeline}
      {planning && (
        <PlanJobDialog
          job={planning}
          users={users}
          day={props.date}
          start={start}
          onClose={() => setPlanning(null)}
          onPlan={(userId, start) => {
            const job = planning;
            setPlanning(null);
            void plan(job, { userId, time: start });
          }}
        />
      )}
      {suggesting && (
        <SuggestJobDialog
          job={suggesting}
          day={props.date}
          start={start}
          onPlan={planAt}
          onClose={() => setSuggesting(null)}
        />
      )}
    </Box>
  );
}

/**
 * Whether the job panel is drawn: once the timeline's first events are in and painted (the frame after
 * their answer), so the panel's own read (up to 999 jobs) and drawing do not hold up the day's first
 * paint (issue 12's budget, bench/planner.ts); from then on it stays.
 */
function usePanelAfterTimeline(timelinePending: boolean): boolean {
  const [shown, setShown] = useState(!timelinePending);
  useEffect(() => {
    if (shown || timelinePending) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setShown(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [shown, timelinePending]);
  return shown;
}
