import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { pathFor } from '../../../lib/routing/access.ts';
import { parseJobFilter } from '../../../lib/routing/job-filter.ts';
import type { JobTabFilter } from '../api/jobs.ts';
import { JobPreview } from '../components/JobPreview.tsx';
import { JobsTab } from '../components/JobsTab.tsx';

/**
 * The list's filter of the route (001 §2.8): my, parts (type 3), a status with its sub-status, or the
 * open jobs past or near their priority deadline (the dashboard's figures).
 */
function filterOf(value: string | undefined): JobTabFilter | null {
  const f = parseJobFilter(value);
  if (!f) return null;
  if (f.kind === 'my') return { AssignedToMe: true };
  if (f.kind === 'parts') return { JobTypeIdList: [3] };
  if (f.kind === 'overdue') return { Deadline: 'Overdue' };
  if (f.kind === 'due') return { Deadline: 'Within24Hours' };
  return { JobStatusIdList: [f.statusId], ...(f.subStatusId ? { JobSubStatusIdList: [f.subStatusId] } : {}) };
}

/**
 * JobList (/job/list/:filter): the jobs of the filter, newest first, 50 at a time; a click opens the job
 * in the preview pane beside the list (its id in the query, jobId), a double click the full job view.
 */
export default function JobListPage() {
  const { filter } = useParams();
  const [search, setSearch] = useSearchParams();
  const listFilter = useMemo(() => filterOf(filter), [filter]);
  const selected = search.get('jobId');
  const routeOf = (jobId: number | null) => {
    const next = new URLSearchParams(search);
    if (jobId) next.set('jobId', String(jobId));
    else next.delete('jobId');
    return `${pathFor('JobList', { filter: filter ?? 'my' })}?${next.toString()}`;
  };
  if (!listFilter) return null;
  return (
    <Box sx={{ height: '100%', display: 'flex', minHeight: 0 }}>
      <Box
        sx={{
          flex: selected ? '0 0 42%' : 1,
          minWidth: 0,
          borderRight: selected ? 1 : 0,
          borderColor: 'divider',
        }}
      >
        <JobsTab filter={listFilter} routeOf={routeOf} notFound="" selectedParam="jobId" />
      </Box>
      {selected ? (
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
          <JobPreview
            jobId={Number(selected)}
            filter={filter ?? 'my'}
            onClose={() =>
              setSearch(
                (s) => {
                  s.delete('jobId');
                  return s;
                },
                { replace: true },
              )
            }
          />
        </Box>
      ) : null}
    </Box>
  );
}
