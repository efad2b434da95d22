import { useCallback } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { parseWallClock } from '../../rules/wall-clock.ts';
import { AppointmentDialog } from './AppointmentDialog.tsx';

/** The query a caller may give a new appointment (see docs: the planner's dialog contract). */
const NEW_APPOINTMENT_QUERY = ['jobId', 'start', 'end', 'userId'] as const;

const idOf = (v: string | null) => (v && /^\d{1,10}$/.test(v) ? Number(v) : undefined);
const timeOf = (v: string | null) => {
  const ms = v ? parseWallClock(v) : Number.NaN;
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * The appointment dialog of the route's :appointmentId ('new' or an id; a new one takes the query
 * jobId, start and end as YYYY-MM-DDTHH:mm, and userId). Closing clears the appointment from the
 * route and the new one's query, keeping the rest (the planner's ?date=).
 */
export default function AppointmentRouteDialog({ jobId }: { jobId?: number }) {
  const { appointmentId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const close = useCallback(() => {
    const path = pathname.replace(/\/[^/]+\/?$/, '');
    const rest = new URLSearchParams(search);
    for (const key of NEW_APPOINTMENT_QUERY) rest.delete(key);
    const query = rest.toString();
    navigate(`${path}${query ? `?${query}` : ''}`, { replace: true });
  }, [navigate, pathname, search]);
  if (!appointmentId) return null;
  return (
    <AppointmentDialog
      appointmentId={appointmentId}
      jobId={jobId ?? idOf(search.get('jobId')) ?? null}
      start={timeOf(search.get('start'))}
      end={timeOf(search.get('end'))}
      userId={idOf(search.get('userId'))}
      onClose={close}
    />
  );
}
