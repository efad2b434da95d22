import { canPlan, isDeleted, jobTitle, showsApproveAction, statusBanner } from '@fieldport/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EventAvailable from '@mui/icons-material/EventAvailable';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Verified from '@mui/icons-material/Verified';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/feedback/index.ts';
import { PresenceAvatars } from '../../../components/presence/PresenceAvatars.tsx';
import { formatDate, formatDateTime, formatTime } from '../../../i18n/dates.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { statusFilter } from '../../../lib/routing/job-filter.ts';
import { withTimestamp } from '../../../lib/routing/timestamp.ts';
import { useCan } from '../../../lib/use-can.ts';
import { readableTextOn } from '../../../theme/readable-text.ts';
import { type Job, useJob } from '../api/jobs.ts';
import { useApproveJob, useCompleteJob, useDeleteJob } from '../api/mutations.ts';
import { type PreviewPanel, previewOffersNewAppointment } from '../preview-panels.ts';
import { statusIcon } from './status-icons.ts';

/** Complete, approve and delete (000 §4), as the server's flags and the user's rights allow. */
export function JobActions({ job, onDeleted }: { job: Job; onDeleted?: () => void }) {
  const { t } = useTranslation('jobs');
  const confirm = useConfirm();
  const complete = useCompleteJob(job.Id);
  const approve = useApproveJob(job.Id);
  const remove = useDeleteJob(job.Id);
  const navigate = useNavigate();
  const location = useLocation();
  const refresh = () => navigate(withTimestamp(location), { replace: true });
  const canComplete = useCan('Job.Complete');
  const canApprove = useCan('Job.Approve');
  const canDelete = useCan('Job.Delete');
  const actions: ReactNode[] = [];
  if (canComplete && job.IsCompleteable)
    actions.push(
      <Button
        key="complete"
        startIcon={<CheckCircle />}
        onClick={async () => {
          await complete.mutateAsync();
        }}
      >
        {t('job.complete')}
      </Button>,
    );
  // The approve action shows from status 50 and is enabled only when the job is approveable (000 §4).
  if (canApprove && showsApproveAction(job.JobStatusId))
    actions.push(
      <Button
        key="approve"
        startIcon={<Verified />}
        disabled={!job.IsApproveable}
        onClick={async () => {
          const ok = await confirm({
            title: t('job.approveTitle'),
            message: t('job.approveMessage', { name: job.DisplayName }),
            rememberKey: 'approve-job',
          });
          if (!ok) return;
          await approve.mutateAsync();
          refresh();
        }}
      >
        {t('job.approve')}
      </Button>,
    );
  if (canDelete && !isDeleted(job.JobStatusId))
    actions.push(
      <Button
        key="delete"
        color="error"
        startIcon={<DeleteOutlined />}
        disabled={!job.IsDeletable}
        onClick={async () => {
          const ok = await confirm({
            title: t('job.deleteTitle'),
            message: t('job.deleteMessage', { name: job.DisplayName }),
          });
          if (!ok) return;
          await remove.mutateAsync();
          if (onDeleted) onDeleted();
          else refresh();
        }}
      >
        {t('job.delete')}
      </Button>,
    );
  if (actions.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {actions}
    </Stack>
  );
}

/** How the preview pane opens and closes its panels (open ones remembered per route, preview-panels.ts). */
export interface PanelState {
  open: readonly PreviewPanel[];
  onToggle(panel: PreviewPanel): void;
}

/** A titled card; in the preview (`state` given) its title is a button that opens and closes it. */
function Panel({
  id,
  title,
  state,
  children,
}: {
  id: PreviewPanel;
  title: string;
  state?: PanelState;
  children: ReactNode;
}) {
  const bodyId = useId();
  const open = !state || state.open.includes(id);
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, minWidth: 0, overflowWrap: 'anywhere' }}
      data-testid={`panel-${id}`}
    >
      <Typography variant="subtitle2" component="h3" gutterBottom={open}>
        {state ? (
          <ButtonBase
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => state.onToggle(id)}
            sx={{
              width: '100%',
              justifyContent: 'space-between',
              font: 'inherit',
              borderRadius: 1,
              '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            }}
          >
            {title}
            <ExpandMore
              fontSize="small"
              aria-hidden
              sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
            />
          </ButtonBase>
        ) : (
          title
        )}
      </Typography>
      <Collapse in={open} id={bodyId} unmountOnExit>
        {children}
      </Collapse>
    </Paper>
  );
}

/** The job's parent job (000 §2 'parent job' panel): its name and status, linked to its full view. */
function ParentJob({ parentId }: { parentId: number }) {
  const { t } = useTranslation('jobs');
  const parent = useJob(parentId);
  const href = pathFor('ViewJob', {
    filter: statusFilter(parent.data?.JobStatusId ?? 0, 0),
    jobId: String(parentId),
  });
  if (parent.isError)
    return <Typography color="text.secondary">{t('job.failedToFind', { id: parentId })}</Typography>;
  if (!parent.data) return <CircularProgress size={20} aria-label={t('list.loading')} />;
  return (
    <Typography>
      <Link component={RouterLink} to={href}>
        {jobTitle(parent.data)}
      </Link>
      {` · ${parent.data.StatusName}`}
    </Typography>
  );
}

/**
 * A job as the preview pane and the job view show it (000 §2): status with the banner above 60, order
 * id with the malformed warning, who else is on the job (presence), customer, delivery address, contact, machine jobs and appointments.
 */
export function JobSummary({
  job,
  actions,
  panels,
}: {
  job: Job;
  actions?: ReactNode;
  /** The preview's panels that open and close, and its new appointment action (000 §2). */
  panels?: PanelState;
}) {
  const { t } = useTranslation('jobs');
  const canPlanJobs = useCan('Appointment.Edit');
  const newAppointment =
    panels && canPlanJobs && previewOffersNewAppointment(job)
      ? pathFor('ViewJobPlanning', {
          filter: statusFilter(job.JobStatusId, 0),
          jobId: String(job.Id),
          appointmentId: 'new',
        })
      : null;
  const Icon = statusIcon(job.StatusIcon);
  const banner = statusBanner(job.JobStatusId);
  const address = job.DeliveryAddress;
  return (
    <Stack spacing={2} data-testid="job-summary">
      {banner ? (
        <Alert severity={banner === 'deleted' ? 'error' : 'info'} data-testid="job-banner">
          {t(`job.banner.${banner}`)}
        </Alert>
      ) : null}
      <Stack
        direction="row"
        useFlexGap
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 1 }}
      >
        <Icon sx={{ color: job.StatusColor }} aria-hidden />
        {/* The title keeps at least 12 rem; on a phone the status chip wraps below it rather than over it. */}
        <Box sx={{ flex: '1 1 12rem', minWidth: 0 }}>
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {jobTitle(job)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              job.JobTypeName,
              job.PriorityName,
              t('job.created', { date: formatDate(job.CreatedDate), by: job.CreatedBy ?? '' }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
        <PresenceAvatars presenceKey={`job:${job.Id}`} />
        <Chip
          label={job.SubStatusName ? `${job.StatusName} – ${job.SubStatusName}` : job.StatusName}
          // No colour transition: the text colour flips at once, so a fading background would leave
          // it unreadable for a moment whenever the status (and so its colour) changes.
          sx={{
            bgcolor: job.StatusColor,
            color: readableTextOn(job.StatusColor),
            maxWidth: '100%',
            transition: 'none',
          }}
          data-testid="job-status"
        />
      </Stack>
      {job.OrderIdMalformed ? (
        <Alert severity="warning" icon={<WarningAmber />}>
          {t('item.malformedOrderId')}
        </Alert>
      ) : null}
      {actions}
      {job.FirstLineComment ? (
        <Typography sx={{ fontStyle: 'italic' }}>{job.FirstLineComment}</Typography>
      ) : null}
      {/* As many columns as fit the pane's own width (not the window's): a narrow pane stacks them. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
        }}
      >
        <Panel id="customer" state={panels} title={t('job.customer')}>
          <Typography>{job.CustomerName || t('job.none')}</Typography>
        </Panel>
        <Panel id="deliveryAddress" state={panels} title={t('job.deliveryAddress')}>
          <Typography>
            {address
              ? [address.Street, [address.Zip, address.City].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', ')
              : t('item.noAddress')}
          </Typography>
        </Panel>
        <Panel id="contact" state={panels} title={t('job.contact')}>
          {job.ContactPerson ? (
            <Typography>
              {job.ContactPerson.Name}
              <br />
              {[job.ContactPerson.Mobile, job.ContactPerson.Email].filter(Boolean).join(' · ')}
            </Typography>
          ) : (
            <Typography>{t('job.noContact')}</Typography>
          )}
        </Panel>
      </Box>
      {job.ParentId ? (
        <Panel id="parent" state={panels} title={t('preview.parentJob')}>
          <ParentJob parentId={job.ParentId} />
        </Panel>
      ) : null}
      <Panel id="machineJobs" state={panels} title={t('job.machineJobs')}>
        <List dense disablePadding aria-label={t('job.machineJobs')}>
          {job.InverseParent.map((s) => (
            <ListItem key={s.Id} disableGutters data-testid={`machine-job-${s.Id}`}>
              <ListItemText
                primary={`${s.OrderId ? `${s.OrderId} · ` : ''}${s.MachineName}${s.Machine?.SerialNumber ? ` (${s.Machine.SerialNumber})` : ''}`}
                secondary={[
                  s.CustomerComment,
                  s.TechnicianComment && t('job.technicianComment', { comment: s.TechnicianComment }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
              {s.Flag > 0 ? (
                <Chip
                  size="small"
                  color={s.Flag > 1 ? 'error' : 'warning'}
                  label={t(s.Flag > 1 ? 'job.flagProblem' : 'job.flagNotice')}
                />
              ) : null}
            </ListItem>
          ))}
        </List>
      </Panel>
      <Panel id="appointments" state={panels} title={t('job.appointments')}>
        {newAppointment ? (
          <Button
            component={RouterLink}
            to={newAppointment}
            size="small"
            startIcon={<EventAvailable />}
            sx={{ mb: 1 }}
          >
            {t('preview.newAppointment')}
          </Button>
        ) : null}
        {job.Appointments.length === 0 ? (
          <Typography color="text.secondary">
            {t(canPlan(job.JobStatusId) ? 'job.noAppointments' : 'job.noAppointmentsClosed')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {job.Appointments.map((a) => (
              <ListItem key={a.Id} disableGutters>
                <ListItemText
                  primary={`${formatDateTime(a.StartTime)}–${formatTime(a.EndTime)}`}
                  secondary={
                    a.Participants.length === 0
                      ? t('job.noParticipants')
                      : a.Participants.length === 1
                        ? a.Participants[0]!.Name
                        : t('job.participants', { count: a.Participants.length })
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </Panel>
    </Stack>
  );
}
