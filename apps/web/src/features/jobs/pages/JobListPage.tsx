import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { JobListFilters } from '../components/JobListFilters.tsx';
import { JobListWithPreview } from '../components/JobListWithPreview.tsx';
import { JobPreview } from '../components/JobPreview.tsx';
import { JobsTab } from '../components/JobsTab.tsx';
import {
  choiceBody,
  choiceOfQuery,
  type JobListChoice,
  jobTabFilterOf,
  queryWithChoice,
} from '../job-list-filters.ts';

/**
 * JobList (/job/list/:filter): the jobs of the filter, newest first, 50 at a time, narrowed by the
 * search word, types, priorities and departments chosen above it (in the query: q, type, priority,
 * department). A click opens the job in the preview pane (its id in the query, jobId), beside the list
 * where both fit and over it where not; a double click opens the full job view.
 */
export default function JobListPage() {
  const { filter } = useParams();
  const [search, setSearch] = useSearchParams();
  const query = search.toString();
  const choice = useMemo(() => choiceOfQuery(new URLSearchParams(query)), [query]);
  const listFilter = useMemo(() => {
    const base = jobTabFilterOf(filter);
    return base ? choiceBody(base, choice) : null;
  }, [filter, choice]);
  const selected = search.get('jobId');
  const routeOf = (jobId: number | null) => {
    const next = new URLSearchParams(search);
    if (jobId) next.set('jobId', String(jobId));
    else next.delete('jobId');
    return `${pathFor('JobList', { filter: filter ?? 'my' })}?${next.toString()}`;
  };
  const close = () =>
    setSearch(
      (s) => {
        s.delete('jobId');
        return s;
      },
      { replace: true },
    );
  const choose = (patch: Partial<JobListChoice>) =>
    setSearch((s) => queryWithChoice(s, { ...choiceOfQuery(s), ...patch }), { replace: true });
  if (!listFilter) return null;
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <JobListFilters choice={choice} onChange={choose} />
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <JobListWithPreview
          onClose={close}
          list={<JobsTab filter={listFilter} routeOf={routeOf} notFound="" selectedParam="jobId" />}
          preview={
            selected ? (
              <JobPreview
                jobId={Number(selected)}
                filter={filter ?? 'my'}
                routeName="JobList"
                onClose={close}
              />
            ) : null
          }
        />
      </Box>
    </Box>
  );
}
