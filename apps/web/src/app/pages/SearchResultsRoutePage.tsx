import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { JobListWithPreview } from '../../features/jobs/components/JobListWithPreview.tsx';
import { JobPreview } from '../../features/jobs/components/JobPreview.tsx';
import { JobsTab } from '../../features/jobs/components/JobsTab.tsx';
import { jobTabFilterOf } from '../../features/jobs/job-list-filters.ts';
import { SearchResultsBar } from '../../features/search/components/SearchResultsBar.tsx';
import { pathFor } from '../../lib/routing/access.ts';

/** Jobs a page of the search results. */
const RESULTS_PAGE_SIZE = 100;

/**
 * SearchResults (/search-results/:jobId?, query q and filter; 000 §2, 001 §2.3): the jobs matching q,
 * narrowed by `filter` when given (a job list filter: my, parts, status-10-0 …), 100 a page in
 * the job list's virtualised list, and the job preview pane for the jobId of the route, hidden without
 * one. Choosing a job puts its id in the route. The pane is beside the results where both fit and over
 * them where not, like the job list's. Composed here, as the search feature and the jobs
 * feature do not import each other: the head is the search feature's, the list and pane the jobs'.
 */
export default function SearchResultsRoutePage() {
  const [search] = useSearchParams();
  const { jobId } = useParams();
  const navigate = useNavigate();
  const q = (search.get('q') ?? '').trim();
  const within = search.get('filter');
  const filter = useMemo(() => ({ ...jobTabFilterOf(within), SearchWord: q }), [q, within]);
  const selected = jobId && /^\d{1,10}$/.test(jobId) ? Number(jobId) : null;
  const query = { ...(q ? { q } : {}), ...(within ? { filter: within } : {}) };
  const routeOf = (id: number | null) => pathFor('SearchResults', id ? { jobId: String(id) } : {}, query);
  const close = () => navigate(routeOf(null), { replace: true });

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <SearchResultsBar
        query={q}
        onSearch={(next) => navigate(pathFor('SearchResults', {}, { ...query, q: next }))}
      />
      {q ? (
        <Box sx={{ flex: 1, minHeight: 0 }}>
          <JobListWithPreview
            onClose={close}
            list={<JobsTab filter={filter} routeOf={routeOf} notFound="" pageSize={RESULTS_PAGE_SIZE} />}
            preview={
              selected ? <JobPreview jobId={selected} routeName="SearchResults" onClose={close} /> : null
            }
          />
        </Box>
      ) : null}
    </Box>
  );
}
