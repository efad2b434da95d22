import { canPlan } from '@fieldport/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDateTime, formatTime } from '../../../i18n/dates.ts';
import { pathFor } from '../../../lib/routing/access.ts';
import { useCan } from '../../../lib/use-can.ts';
import { NoJob, useRouteJob } from './JobViewPages.tsx';

/**
 * ViewJobPlanning (/job/…/view/:jobId/planning/:appointmentId?): the job's appointments. Those who may
 * plan open each in the appointment dialog (the route's :appointmentId; the app layer's
 * JobPlanningRoutePage shows the planner's dialog over this page) and make a new one ('new').
 */
export default function JobPlanningPage() {
  const { t } = useTranslation('jobs');
  const { appointmentId, filter = 'my' } = useParams();
  const { id, job } = useRouteJob();
  const canOpenPlanner = useCan('Module.Planner');
  const canPlanJobs = useCan('Appointment.Edit');
  const dialogPath = (appointment: string) =>
    pathFor('ViewJobPlanning', { filter, jobId: String(id ?? ''), appointmentId: appointment });
  if (id === null || job.isError) return <NoJob id={id} />;
  if (!job.data) return <CircularProgress sx={{ m: 3 }} aria-label={t('list.loading')} />;
  const appointments = job.data.Appointments;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 3 }, maxWidth: 900 }}>
      <Typography variant="subtitle1" component="h2" id="job-appointments-heading" gutterBottom>
        {t('job.appointments')}
      </Typography>
      {appointments.length === 0 ? (
        <Typography color="text.secondary">
          {t(canPlan(job.data.JobStatusId) ? 'job.noAppointments' : 'job.noAppointmentsClosed')}
        </Typography>
      ) : (
        <List aria-labelledby="job-appointments-heading" data-testid="job-appointments">
          {appointments.map((a) => {
            const time = `${formatDateTime(a.StartTime)}–${formatTime(a.EndTime)}`;
            const people =
              a.Participants.length === 0
                ? t('job.noParticipants')
                : a.Participants.map((p) => p.Name).join(', ');
            return (
              <ListItem key={a.Id} disablePadding={canPlanJobs}>
                {canPlanJobs ? (
                  <ListItemButton
                    component={Link}
                    to={dialogPath(String(a.Id))}
                    selected={appointmentId === String(a.Id)}
                  >
                    <ListItemText primary={time} secondary={people} />
                  </ListItemButton>
                ) : (
                  <ListItemText primary={time} secondary={people} />
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {canPlanJobs && canPlan(job.data.JobStatusId) ? (
        <Button component={Link} to={dialogPath('new')} variant="contained" sx={{ mt: 1, mr: 1 }}>
          {t('preview.newAppointment')}
        </Button>
      ) : null}
      {canOpenPlanner && canPlan(job.data.JobStatusId) ? (
        <Button component={Link} to={pathFor('Planner', {})} sx={{ mt: 1 }}>
          {t('jobView.planInPlanner')}
        </Button>
      ) : null}
    </Box>
  );
}
