import { countryName, isSettableStatus, type JobListItem, jobTitle } from '@fieldport/contract';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import Event from '@mui/icons-material/Event';
import MapIcon from '@mui/icons-material/Map';
import Place from '@mui/icons-material/Place';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemButton from '@mui/material/ListItemButton';
import { alpha, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, lazy, type MouseEvent, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Paging, VirtualList } from '../../../components/paged-list/index.ts';
import { formatDate, formatTime } from '../../../i18n/dates.ts';
import { endJobDrag, startJobDrag } from '../work-queue/drag.ts';
import { useMayMoveJobs } from '../work-queue/may-move.ts';
import { appointmentTiming, participantsHeader, relativeStart } from './job-appointments.ts';
import { createdToday, deadlineLevel, jobAge } from './job-time.ts';
import { statusIcon } from './status-icons.ts';

export interface JobListTableProps {
  items: readonly JobListItem[];
  /** The list's accessible name. */
  label: string;
  /** The job whose id is in the route: highlighted and scrolled into view. */
  selectedId?: number | null;
  /** The address of a job's full view: the item links there (middle or ctrl click opens a new tab). */
  hrefOf(job: JobListItem): string;
  /** A click or Enter: the job goes into the route (the preview pane). */
  onSelect(job: JobListItem): void;
  /** A double click or Ctrl+Enter: the full job view. */
  onOpen(job: JobListItem): void;
  /** Escape in the list: the preview pane closes (the focus stays on the item). */
  onEscape?(): void;
  /** The company's time zone (GlobalSettings.TimeZone): 'today' and the deadlines are its. */
  timeZone: string;
  /** The time the list is drawn at (tests set it). */
  now?: Date;
  /** The next page at 90 percent scroll. */
  paging?: Paging;
  /** Drawn in the scroll container above and below the rows (loading, empty). */
  before?: ReactNode;
  after?: ReactNode;
  /** The scroll container's test id. */
  testId?: string;
  /** What the items show (000 §2, JobListViewOptions): tighter rows, machine lines, appointment lines. */
  view?: JobListView;
  /** A double click on an appointment line: the planning view of it. */
  onOpenAppointment?(job: JobListItem, appointmentId: number): void;
}

/** The view options of the job list (000 §2); by default machines and appointments are shown. */
export interface JobListView {
  Compact: boolean;
  Machines: boolean;
  Appointments: boolean;
}
const DEFAULT_JOB_LIST_VIEW: JobListView = { Compact: false, Machines: true, Appointments: true };

// The keyboard's drop onto a status group (work queue): loads when first asked for.
const MoveToStatusMenu = lazy(() => import('../work-queue/MoveToStatusMenu.tsx'));
type Moving = { job: JobListItem; anchor: HTMLElement } | null;

/** 'Storgata 1, 0150 Oslo, Norway' (the country in the reader's language), leaving out what is empty. */
function addressLine(a: NonNullable<JobListItem['DeliveryAddress']>, lang: string): string {
  const town = [a.Zip, a.City].filter((s) => s.trim() !== '').join(' ');
  return [a.Street, town, countryName(a.Country, lang)].filter((s) => s.trim() !== '').join(', ');
}

/** 000 §7: the map action opens an external maps search with the address. */
const mapsSearch = (address: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/**
 * Job list items (000 §2): status icon in the status colour, order id and display name, created time
 * ('10:30 today' or the date), job type, priority name in the priority deadline colour, first-line
 * comment, the 'Malformed Order Id' warning, machines with their customer and invoice comments, the
 * appointments with their participants and timing, and the customer and address with a view-on-map
 * action. The view options leave out machines or appointments, or make the rows compact.
 */
export function JobListTable(props: JobListTableProps) {
  const now = props.now ?? new Date();
  const selected = props.selectedId ? props.items.findIndex((j) => j.Id === props.selectedId) : -1;
  const [moving, setMoving] = useState<Moving>(null);
  // Staff with Job.Edit move jobs between statuses below 70 (000 §4), by drag or by M.
  const onMove = useMayMoveJobs() ? setMoving : null;
  return (
    <>
      <VirtualList
        items={props.items}
        label={props.label}
        listTestId="job-list"
        testId={props.testId}
        paging={props.paging}
        before={props.before}
        after={props.after}
        estimateSize={(props.view ?? DEFAULT_JOB_LIST_VIEW).Compact ? 72 : 110}
        scrollToIndex={selected >= 0 ? selected : null}
        renderItem={(job, _, row) => (
          <JobListRow job={job} now={now} props={props} active={row.active} onMove={onMove} />
        )}
      />
      {moving ? (
        <Suspense fallback={null}>
          <MoveToStatusMenu job={moving.job} anchor={moving.anchor} onClose={() => setMoving(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

function JobListRow(p: {
  job: JobListItem;
  now: Date;
  props: JobListTableProps;
  active: boolean;
  onMove: ((moving: Moving) => void) | null;
}) {
  const { job, now, props, active } = p;
  const move = p.onMove && isSettableStatus(job.JobStatusId) ? p.onMove : null;
  const { t, i18n } = useTranslation('jobs');
  const selected = props.selectedId === job.Id;
  const Icon = statusIcon(job.StatusIcon);
  const status = job.SubStatusName ? `${job.StatusName} – ${job.SubStatusName}` : job.StatusName;
  const today = createdToday(job.CreatedDate, now, props.timeZone);
  const age = jobAge(job.CreatedDate, now, props.timeZone);
  const created = `${
    today ? t('item.createdToday', { time: formatTime(job.CreatedDate) }) : formatDate(job.CreatedDate)
  } · ${'days' in age ? t('item.age.days', { count: age.days }) : t('item.age.hours', { count: age.hours })}`;
  const deadline = deadlineLevel(job, now, props.timeZone);
  const address = job.DeliveryAddress ? addressLine(job.DeliveryAddress, i18n.language) : '';
  const view = props.view ?? DEFAULT_JOB_LIST_VIEW;

  const onClick = (e: MouseEvent) => {
    // Ctrl, cmd, shift and middle clicks keep the link's own behaviour: a new tab or window.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    props.onSelect(job);
  };
  // The list is one tab stop (000 §2 all day by keyboard): the arrow keys move, Enter previews,
  // Ctrl+Enter (Cmd on a Mac) opens the job, Escape closes the preview, M moves it to a status.
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const plain = !(e.ctrlKey || e.metaKey || e.altKey);
    if (move && e.key.toLowerCase() === 'm' && plain) {
      e.preventDefault();
      move({ job, anchor: e.currentTarget });
      return;
    }
    // The map's action is no tab stop of its own (the item is one stop): G opens it.
    if (address && e.key.toLowerCase() === 'g' && plain) {
      e.preventDefault();
      window.open(mapsSearch(address), '_blank', 'noopener,noreferrer');
      return;
    }
    if (e.key === 'Escape' && props.onEscape) {
      e.preventDefault();
      props.onEscape();
      return;
    }
    if (e.key !== 'Enter') return;
    e.preventDefault();
    if (e.ctrlKey || e.metaKey) props.onOpen(job);
    else props.onSelect(job);
  };

  return (
    <Box data-testid={`job-item-${job.Id}`} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <ListItemButton
        component={Link}
        to={props.hrefOf(job)}
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={onClick}
        onDoubleClick={() => props.onOpen(job)}
        onKeyDown={onKeyDown}
        aria-keyshortcuts={[move ? 'M' : '', address ? 'G' : ''].join(' ').trim() || undefined}
        onDragStart={move ? (e) => startJobDrag(e, job) : undefined}
        onDragEnd={move ? endJobDrag : undefined}
        tabIndex={active ? 0 : -1}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: view.Compact ? 0.5 : 1 }}
      >
        <Icon
          titleAccess={status}
          data-testid="job-status-icon"
          sx={{ color: job.StatusColor, mt: 0.25, flexShrink: 0 }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
            <Typography component="span" sx={{ fontWeight: 500, flex: 1, minWidth: 0 }} noWrap>
              {jobTitle(job)}
            </Typography>
            <Typography
              component="time"
              dateTime={job.CreatedDate}
              variant="caption"
              color="text.secondary"
              data-testid="job-created"
              sx={{ flexShrink: 0 }}
            >
              {created}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography component="span" variant="body2" color="text.secondary">
              {job.JobTypeName}
            </Typography>
            {job.PriorityName ? (
              <Typography
                component="span"
                variant="body2"
                data-testid="job-priority"
                data-deadline={deadline ?? 'ok'}
                title={deadline ? t(deadline === 'error' ? 'item.overdue' : 'item.dueSoon') : undefined}
                sx={
                  deadline === 'error'
                    ? { color: 'error.main', fontWeight: 600 }
                    : deadline === 'warning'
                      ? {
                          // The highlight behind text of the page's own colour: AA in both themes.
                          bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.22),
                          color: 'text.primary',
                          px: 0.5,
                          borderRadius: 0.5,
                        }
                      : { color: 'text.secondary' }
                }
              >
                {job.PriorityName}
              </Typography>
            ) : null}
            <Typography component="span" variant="body2" color="text.secondary">
              {status}
            </Typography>
            {job.OrderIdMalformed ? (
              <Typography
                component="span"
                variant="body2"
                color="warning.main"
                data-testid="job-malformed-order-id"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
              >
                <WarningAmber fontSize="inherit" />
                {t('item.malformedOrderId')}
              </Typography>
            ) : null}
          </Box>
          {job.FirstLineComment ? (
            <Typography variant="body2" sx={{ fontStyle: 'italic' }} noWrap={view.Compact}>
              {job.FirstLineComment}
            </Typography>
          ) : null}
          {view.Machines && job.Machines.length ? (
            <Box component="ul" aria-label={t('item.machines')} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
              {job.Machines.map((m) => (
                <Box component="li" key={m.Id} sx={{ display: 'flex', gap: 0.75 }}>
                  <PrecisionManufacturing fontSize="small" color="action" sx={{ mt: 0.25 }} />
                  <Typography variant="body2" component="span">
                    <Box component="span" sx={{ fontWeight: 500 }}>
                      {m.MachineName}
                    </Box>
                    {m.CustomerComment ? `: ${m.CustomerComment}` : ''}
                    {m.InvoiceComment ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {` (${t('item.invoiceComment', { comment: m.InvoiceComment })})`}
                      </Typography>
                    ) : null}
                  </Typography>
                </Box>
              ))}
            </Box>
          ) : null}
          {view.Appointments ? (
            <AppointmentLines
              job={job}
              now={now}
              timeZone={props.timeZone}
              onOpen={props.onOpenAppointment}
            />
          ) : null}
        </Box>
      </ListItemButton>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, pl: 6.5, pr: 1, pb: 0.5 }}>
        <Place fontSize="small" color="action" />
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
          {job.CustomerName ? (
            <Box component="span" data-testid="job-customer" sx={{ color: 'text.primary', fontWeight: 500 }}>
              {`${job.CustomerName} · `}
            </Box>
          ) : null}
          {address || t('item.noAddress')}
        </Typography>
        {move ? (
          <Tooltip title={t('workQueue.moveHint')}>
            <IconButton
              size="small"
              tabIndex={-1}
              aria-label={t('workQueue.moveTo')}
              aria-haspopup="menu"
              data-testid="job-move"
              onClick={(e) => move({ job, anchor: e.currentTarget })}
            >
              <DriveFileMove fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        {address ? (
          <Tooltip title={t('item.viewOnMapHint')}>
            <IconButton
              size="small"
              component="a"
              tabIndex={-1}
              href={mapsSearch(address)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('item.viewOnMap')}
            >
              <MapIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
    </Box>
  );
}

/**
 * 000 §7's timing colours, at AA contrast on the page: primary, the accent for in progress (its dark
 * shade in the light theme, where the accent itself is 2.9:1 on white), and the secondary text colour
 * for the past (the documents' 'disabled' grey would be 2.6:1).
 */
const TIMING_COLOUR = {
  upcoming: 'primary.main',
  inProgress: (theme: Theme) =>
    theme.palette.mode === 'dark' ? theme.palette.secondary.main : theme.palette.secondary.dark,
  past: 'text.secondary',
};

/**
 * The item's appointments (000 §2, §7): who takes part ('n participants', the one name, 'unnamed
 * participant', 'No participants') and 'in progress' or when it starts relative to now, coloured
 * upcoming, in progress or past. A double click opens the planning view of the appointment.
 */
function AppointmentLines(props: {
  job: JobListItem;
  now: Date;
  timeZone: string;
  onOpen?: (job: JobListItem, appointmentId: number) => void;
}) {
  const { t, i18n } = useTranslation('jobs');
  const { job, now, timeZone, onOpen } = props;
  if (job.Appointments.length === 0) return null;
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  return (
    <Box component="ul" aria-label={t('appointments.label')} sx={{ m: 0, pl: 0, listStyle: 'none' }}>
      {job.Appointments.map((a) => {
        const header = participantsHeader(a.Participants);
        const who =
          header.kind === 'none'
            ? t('appointments.noParticipants')
            : header.kind === 'one'
              ? header.name
              : header.kind === 'unnamed'
                ? t('appointments.unnamed')
                : t('appointments.participants', { count: header.count });
        const timing = appointmentTiming(a, now, timeZone);
        const start = relativeStart(a.StartTime, now, timeZone);
        return (
          <Box
            component="li"
            key={a.Id}
            data-testid={`job-appointment-${a.Id}`}
            data-timing={timing}
            onDoubleClick={
              onOpen
                ? (e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    onOpen(job, a.Id);
                  }
                : undefined
            }
            sx={{ display: 'flex', gap: 0.75, alignItems: 'center' }}
          >
            <Event fontSize="small" sx={{ color: TIMING_COLOUR[timing] }} />
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {who}
            </Typography>
            <Typography variant="body2" component="span" sx={{ color: TIMING_COLOUR[timing] }}>
              {timing === 'inProgress'
                ? t('appointments.inProgress')
                : relative.format(start.value, start.unit)}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
