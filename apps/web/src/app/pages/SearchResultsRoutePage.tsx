import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { JobPreview } from '../../features/jobs/components/JobPreview.tsx';
import { JobsTab } from '../../features/jobs/components/JobsTab.tsx';
import { SearchResultsBar } from '../../features/search/components/SearchResultsBar.tsx';
import { useDevice } from '../../lib/device.ts';
import { pathFor } from '../../lib/routing/access.ts';

/** Jobs a page of the search results. */
const RESULTS_PAGE_SIZE = 100;

/**
 * SearchResults (/search-results/:jobId?, query q; 000 §2, 001 §2.3): the jobs matching q, 100 a page in
 * the job list's virtualised list, and the job preview pane for the jobId of the route, hidden without
 * one. Choosing a job puts its id in the route. The pane is beside the results on a desktop and over
 * them on smaller screens, like the job list's. Composed here, as the search feature and the jobs
 * feature do not import each other: the head is the search feature's, the list and pane the jobs'.
 */
export default function SearchResultsRoutePage() {
  const [search] = useSearchParams();
  const { jobId } = useParams();
  const navigate = useNavigate();
  const over = useDevice() !== 'desktop';
  const q = (search.get('q') ?? '').trim();
  const filter = useMemo(() => ({ SearchWord: q }), [q]);
  const selected = jobId && /^\d{1,10}$/.test(jobId) ? Number(jobId) : null;
  const routeOf = (id: number | null) =>
    pathFor('SearchResults', id ? { jobId: String(id) } : {}, q ? { q } : {});

  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <SearchResultsBar query={q} onSearch={(next) => navigate(pathFor('SearchResults', {}, { q: next }))} />
      {q ? (
        <Box sx={{ flex: 1, display: 'flex', minHeight: 0, position: 'relative' }}>
          <Box
            sx={{
              flex: selected && !over ? '0 0 42%' : 1,
              minWidth: 0,
              borderRight: selected && !over ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            <JobsTab filter={filter} routeOf={routeOf} notFound="" pageSize={RESULTS_PAGE_SIZE} />
          </Box>
          {selected ? (
            <Box
              sx={
                over
                  ? {
                      position: 'absolute',
                      inset: 0,
                      bgcolor: 'background.paper',
                      overflow: 'auto',
                      zIndex: 1,
                    }
                  : { flex: 1, minWidth: 0, overflow: 'auto' }
              }
            >
              <JobPreview jobId={selected} onClose={() => navigate(routeOf(null), { replace: true })} />
            </Box>
          ) : null}
        </Box>
      ) : null}
    </Box>
  );
}
