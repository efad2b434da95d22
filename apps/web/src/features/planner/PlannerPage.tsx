import type { SchedulerEvent } from '@fieldport/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SkipLink } from '../../components/shell/SkipLink.tsx';
import { useCompanyNow } from '../../lib/dates.ts';
import { useDevice } from '../../lib/device.ts';
import { usePreference } from '../../lib/preferences.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { statusFilter } from '../../lib/routing/job-filter.ts';
import { useSession } from '../../lib/session.tsx';
import {
  useDepartmentNames,
  usePlannerLiveMerge,
  useRangeReadAtOnce,
  useResources,
  useSchedulerRange,
} from './api.ts';
import { ColourLegend } from './components/ColourLegend.tsx';
import { useEventActions } from './components/event-menu/use-event-actions.tsx';
import { JobListLayout } from './components/job-list/JobListLayout.tsx';
import { JOB_LIST_SEARCH_ID } from './components/job-list/JobListPanel.tsx';
import { ListMode } from './components/list-mode/ListMode.tsx';
import type { MapRoute } from './components/map/MapPanel.tsx';
import { MapSplit } from './components/map/MapSplit.tsx';
import { useOptimiseDay } from './components/optimise/use-optimise-day.tsx';
import { PlannerToolbar } from './components/PlannerToolbar.tsx';
import { PlannerSettingsDialog } from './components/settings/PlannerSettingsDialog.tsx';
import { useProposedPlan } from './components/suggest/ProposedPlan.tsx';
import { type EventAt, Timeline } from './components/Timeline.tsx';
import { NAME_WIDTH } from './components/TimelineUserRow.tsx';
import { formatClock, formatLongDay, formatWhen } from './format.ts';
import { buildAxis } from './rules/axis.ts';
import { timelineRows, USER_GROUP_BYS } from './rules/rows.ts';
import { PLANNER_SCOPES, scopeRange, stepDate } from './rules/scope-range.ts';
import { DAY, formatDay, parseWallClock, startOfDay } from './rules/wall-clock.ts';
import { dayWindow } from './rules/work-hours.ts';
import { type ChangeRequest, useEventChanges } from './use-event-changes.ts';

const AppointmentRouteDialog = lazy(
  () => import('./components/appointment-dialog/AppointmentRouteDialog.tsx'),
);
/** The hover card loads with the first card shown, not with the planner (issue 35.1). */
const EventTooltip = lazy(() =>
  import('./components/event-menu/EventTooltip.tsx').then((m) => ({ default: m.EventTooltip })),
);
const eventTooltip = (event: SchedulerEvent, at: EventAt) => (
  <Suspense fallback={<strong>{event.name}</strong>}>
    <EventTooltip event={event} at={at} />
  </Suspense>
);
/** The map and its libraries load only when it is shown (decision 038). */
const MapPanel = lazy(() => import('./components/map/MapPanel.tsx'));

/**
 * Planner (/planner/:appointmentId?, 000 §2), the scheduler part of issue 12: the toolbar and the
 * resource timeline of the bookable users for a day, week or month (the date in `?date=`), whose events
 * are moved and resized in place. Not on phones, where a notice shows.
 */
export default function PlannerPage() {
  const { t } = useTranslation('planner');
  const device = useDevice();
  if (device === 'phone') {
    return (
      <Alert severity="info" data-testid="planner-phone-notice">
        {t('phoneNotice')}
      </Alert>
    );
  }
  return <Planner />;
}

function Planner() {
  const { t, i18n } = useTranslation('planner');
  const lang = i18n.language;
  const { info } = useSession();
  const settings = info?.GlobalSettings;
  // The company's wall clock (GlobalSettings.TimeZone) as planner ms, advanced every 30 s.
  const now = parseWallClock(useCompanyNow(30_000));
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const [storedScope, setScope] = usePreference('PlannerScope');
  const [storedMode, setMode] = usePreference('PlannerMode');
  const [storedGroupBy, setGroupBy] = usePreference('PlannerUserGroupBy');
  const [limit, setLimit] = usePreference('LimitToWorkHours');
  const [hidden] = usePreference('PlannerHiddenUserList');
  const [departments] = usePreference('PlannerDepartmentList');
  const [mapShow, setMapShow] = usePreference('PlannerMapShow');
  const [mapSplit, setMapSplit] = usePreference('PlannerMapWidth');
  const [mapRoute, setMapRoute] = useState<MapRoute | null>(null);
  // A stored value from elsewhere (another version, a hand edit) falls back to the default.
  const scope = PLANNER_SCOPES.includes(storedScope) ? storedScope : 'QDay';
  const mode = storedMode === 'List' ? 'List' : 'Scheduler';
  const groupBy = USER_GROUP_BYS.includes(storedGroupBy) ? storedGroupBy : 'none';

  const asked = parseWallClock(search.get('date') ?? '');
  const date = Number.isNaN(asked) ? startOfDay(now) : asked;
  const setDate = useCallback(
    (ms: number) =>
      setSearch(
        (s) => {
          s.set('date', formatDay(ms));
          return s;
        },
        { replace: true },
      ),
    [setSearch],
  );

  const { startHour, endHour } = dayWindow(limit, settings?.WorkHourStart, settings?.WorkHourEnd);
  // The days fill the timeline's width (issue 35.1): less the user names and a vertical scroll bar.
  const [timelineWidth, setTimelineWidth] = useState(0);
  const fitWidth = timelineWidth > 0 ? timelineWidth - NAME_WIDTH - SCROLL_BAR_PX : undefined;
  const axis = useMemo(
    () => buildAxis(scope, date, limit, { startHour, endHour }, fitWidth),
    [scope, date, limit, startHour, endHour, fitWidth],
  );
  const { from, to } = scopeRange(scope, date);
  useRangeReadAtOnce(from, to);
  const resources = useResources();
  const range = useSchedulerRange(from, to);
  usePlannerLiveMerge();
  const departmentNames = useDepartmentNames(groupBy === 'department');
  const rows = useMemo(
    () => timelineRows(resources.data ?? [], { groupBy, hidden, departments }),
    [resources.data, groupBy, hidden, departments],
  );

  const shownResources = useMemo(() => rows.flatMap((r) => (r.kind === 'user' ? [r.resource] : [])), [rows]);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const shownUserIds = useMemo(() => shownResources.map((r) => r.id), [shownResources]);
  const proposal = useProposedPlan({ scope, date, now, users: shownUserIds });
  const optimise = useOptimiseDay(scope, date);
  const [announcement, setAnnouncement] = useState('');
  const when = useCallback(
    (ms: number) => (scope === 'QDay' ? formatClock(ms, lang) : formatWhen(ms, lang)),
    [scope, lang],
  );
  const settled = useCallback(
    (request: ChangeRequest, ok: boolean) => {
      const name = request.event.name;
      const user = rows.find((r) => r.kind === 'user' && request.resourceIds.includes(r.resource.id));
      const userName = user?.kind === 'user' ? user.resource.name : '';
      setAnnouncement(
        ok
          ? t('announce.saved', { name, user: userName, start: when(request.start), end: when(request.end) })
          : t('announce.failed', {
              name,
              start: when(parseWallClock(request.event.startDate)),
              end: when(parseWallClock(request.event.endDate)),
            }),
      );
    },
    [rows, t, when],
  );
  const { pending, change } = useEventChanges(settled);
  const onChange = useCallback(
    (request: ChangeRequest, userName: string) => {
      change(request);
      setAnnouncement(
        t('announce.moving', {
          name: request.event.name,
          user: userName,
          start: when(request.start),
          end: when(request.end),
        }),
      );
    },
    [change, t, when],
  );
  const onOpen = useCallback(
    (event: SchedulerEvent) => {
      if (event.jobId === null) return;
      navigate(
        pathFor('ViewJob', { filter: statusFilter(event.jobStatusId ?? 10, 0), jobId: String(event.jobId) }),
      );
    },
    [navigate],
  );
  const actions = useEventActions({ data: range.data, pending, onOpen, announce: setAnnouncement });
  const onDay = useCallback(
    (day: number) => {
      setScope('QDay');
      setDate(day);
    },
    [setScope, setDate],
  );

  // A user cell click shows that user's route of the shown day on the map (000 §2), opening the map.
  const onUser = useCallback(
    (resource: { id: number; name: string }) => {
      setMapRoute({ userId: resource.id, userName: resource.name, date: formatDay(date) });
      setMapShow(true);
    },
    [date, setMapShow],
  );

  const groupName = useCallback(
    (row: { by: 'type' | 'department'; value: number | null }) =>
      row.by === 'type'
        ? t(`userTypes.${row.value}`, { defaultValue: String(row.value) })
        : row.value === null
          ? t('noDepartment')
          : (departmentNames.data?.get(row.value) ?? String(row.value)),
    [t, departmentNames.data],
  );
  // The grid is named after the days it shows (Monday to Friday when limited to work hours).
  const first = axis.days[0]?.day ?? from;
  const last = axis.days.at(-1)?.day ?? to - DAY;
  const rangeText =
    scope === 'QDay'
      ? formatLongDay(from, lang)
      : `${formatLongDay(first, lang)} – ${formatLongDay(last, lang)}`;

  const scheduler =
    resources.isError || range.isError ? (
      <Alert severity="error">{t('timeline.failed')}</Alert>
    ) : mode === 'List' ? (
      resources.data && <ListMode resources={shownResources} data={range.data} range={{ from, to }} />
    ) : (
      <JobListLayout
        scope={scope}
        date={date}
        now={now}
        workStartHour={startHour}
        axis={axis}
        rows={rows}
        timelinePending={resources.isPending || range.isPending}
        onTimelineWidth={setTimelineWidth}
      >
        <Typography id="planner-help" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {t('timeline.help')}
        </Typography>
        {(resources.isPending || range.isFetching) && (
          <LinearProgress aria-label={t('timeline.loading')} sx={{ mb: '-4px' }} />
        )}
        {proposal.bar}
        {optimise.notice}
        <ColourLegend events={range.data?.events} />
        {resources.data && rows.length === 0 ? (
          <Alert severity="info">{t('timeline.noUsers')}</Alert>
        ) : (
          <Timeline
            axis={axis}
            rows={rows}
            data={range.data}
            pending={actions.pending}
            now={now}
            label={t('timeline.label', { range: rangeText })}
            groupName={groupName}
            onChange={onChange}
            onOpen={onOpen}
            onDay={onDay}
            onUser={onUser}
            onSelect={actions.select}
            onMenu={actions.openMenu}
            tooltip={eventTooltip}
            tentative={proposal.tentative}
            onOptimise={mode === 'Scheduler' ? optimise.onOptimise : undefined}
            chosen={date}
            key={`${scope}${from}${last}`}
          />
        )}
      </JobListLayout>
    );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 'calc(100dvh - 150px)', minHeight: 420 }}>
      {mode === 'Scheduler' && <SkipLink target={JOB_LIST_SEARCH_ID}>{t('jobList.skipTo')}</SkipLink>}
      <PlannerToolbar
        mode={mode}
        scope={scope}
        date={date}
        groupBy={groupBy}
        limit={limit}
        onMode={setMode}
        onScope={setScope}
        onDate={setDate}
        onStep={(d) => setDate(stepDate(scope, date, d))}
        onToday={() => onDay(startOfDay(now))}
        onGroupBy={setGroupBy}
        onLimit={setLimit}
        onSettings={() => setSettingsOpen(true)}
        extra={mode === 'Scheduler' ? proposal.button : null}
        map={mapShow}
        onMap={setMapShow}
      />
      <PlannerSettingsDialog
        open={settingsOpen}
        resources={resources.data ?? []}
        onClose={() => setSettingsOpen(false)}
      />
      <Box aria-live="polite" role="status" data-testid="planner-announcer" sx={visuallyHidden}>
        {announcement}
      </Box>
      {mapShow ? (
        <MapSplit
          split={mapSplit}
          onSplit={setMapSplit}
          left={scheduler}
          right={
            <Suspense fallback={<LinearProgress aria-label={t('map.loading')} />}>
              <MapPanel route={mapRoute} onClearRoute={() => setMapRoute(null)} />
            </Suspense>
          }
        />
      ) : (
        scheduler
      )}
      {actions.menu}
      {optimise.dialog}
      <Suspense>
        <AppointmentRouteDialog />
      </Suspense>
    </Box>
  );
}

/** Room left for the timeline's vertical scroll bar (a classic one is 15–17 px wide). */
const SCROLL_BAR_PX = 18;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
