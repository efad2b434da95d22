import { Navigate, useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../lib/routing/access.ts';
import { legacyJobListFilter } from '../../lib/routing/job-filter.ts';
import NotFoundPage from './NotFoundPage.tsx';

/** Where an older address under /job/ (001 §2.8) leads now, or null. */
export function legacyJobPath(rest: string, search: URLSearchParams): string | null {
  const segments = rest.split('/').filter(Boolean);
  const [first, second] = segments;
  // /job/view/12 and /job/edit/12: the full job view, filter 'my'.
  if ((first === 'view' || first === 'edit') && second && /^\d+$/.test(second) && segments.length === 2) {
    return pathFor('ViewJob', { filter: 'my', jobId: second });
  }
  if (first === 'newjob' && segments.length === 1) return pathFor('NewJobStart', { filter: 'my' });
  const filter = legacyJobListFilter(rest, search);
  return filter ? pathFor('JobList', { filter }) : null;
}

/** /job/* not matched by a current route: older job list addresses redirect, the rest is a 404. */
export default function JobLegacyRedirectPage() {
  const params = useParams();
  const [search] = useSearchParams();
  const target = legacyJobPath(params['*'] ?? '', search);
  return target ? <Navigate to={target} replace /> : <NotFoundPage />;
}
