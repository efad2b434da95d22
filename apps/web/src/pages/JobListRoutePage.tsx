import { Navigate, useLocation, useParams } from 'react-router';
import { pathFor } from '../app/access.ts';
import { FEATURE_PAGES } from '../app/feature-pages.ts';
import { normaliseJobFilter, parseJobFilter } from '../app/job-filter.ts';
import NotFoundPage from './NotFoundPage.tsx';
import PlannedPage from './PlannedPage.tsx';

/**
 * /job/list/:filter: a filter in an older spelling ('status-10', 'mine') is replaced by its current
 * form; one that cannot be read is a 404. The list itself is the jobs feature's page.
 */
export default function JobListRoutePage() {
  const { filter } = useParams();
  const { search } = useLocation();
  const Page = FEATURE_PAGES.JobList;
  if (parseJobFilter(filter)) return Page ? <Page /> : <PlannedPage routeKey="JobList" />;
  const normalised = normaliseJobFilter(filter);
  if (normalised) return <Navigate to={`${pathFor('JobList', { filter: normalised })}${search}`} replace />;
  return <NotFoundPage />;
}
