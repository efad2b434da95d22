import { Suspense } from 'react';
import { useParams } from 'react-router';
import JobPlanningPage from '../../features/jobs/pages/JobPlanningPage.tsx';
import AppointmentRouteDialog from '../../features/planner/components/appointment-dialog/AppointmentRouteDialog.tsx';

/**
 * ViewJobPlanning (/job/…/view/:jobId/planning/:appointmentId?, 001 §2.8): the jobs feature's list of
 * the job's appointments, and over it the planner's appointment dialog for the route's appointment
 * ('new' makes one for this job). Composed here, as the jobs and the planner features do not import
 * each other; closing the dialog clears the appointment from the route.
 */
export default function JobPlanningRoutePage() {
  const { jobId } = useParams();
  const id = jobId && /^\d{1,10}$/.test(jobId) ? Number(jobId) : undefined;
  return (
    <>
      <JobPlanningPage />
      <Suspense>
        <AppointmentRouteDialog jobId={id} />
      </Suspense>
    </>
  );
}
