import { Navigate, useLocation, useParams } from 'react-router';
import { jobPages } from '../../features/jobs/pages.ts';
import { pathFor } from '../../lib/routing/access.ts';
import { normaliseJobFilter, parseJobFilter } from '../../lib/routing/job-filter.ts';
import NotFoundPage from './NotFoundPage.tsx';
import PlannedPage from './PlannedPage.tsx';

/**
 * /job/list/:filter: a filter in an older spelling ('status-10', 'mine') is replaced by its current
 * form; one that cannot be read is a 404. The list itself is the jobs feature's page.
 */
export default function JobListRoutePage() {
  const { filter } = useParams();
  const { search } = useLocation();
  const Page = jobPages.JobList;
  if (parseJobFilter(filter)) return Page ? <Page /> : <PlannedPage routeKey="JobList" />;
  const normalised = normaliseJobFilter(filter);
  if (normalised) return <Navigate to={`${pathFor('JobList', { filter: normalised })}${search}`} replace />;
  return <NotFoundPage />;
}
