import type { CustomerListItem, JobListItem, MachineListItem } from '@fieldport/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi } from '../../lib/api/client.ts';
import { useCan } from '../../lib/use-can.ts';
import { GROUP_SIZE, SEARCH_GROUPS, type SearchGroup } from './groups.ts';

/** The header search's lookups, one cache entry per group and query. */
const searchKeys = {
  all: ['search'] as const,
  lookup: (group: SearchGroup, query: string) => ['search', group, query] as const,
};

/** What a lookup finds: the fields a result line shows (001 §2.13). */
export type SearchHit =
  | { group: 'customers'; item: CustomerListItem }
  | { group: 'jobs'; item: JobListItem }
  | { group: 'machines'; item: MachineListItem };

/** One lookup of 15 (001 §9), cancelled through `signal` when the query changes or the user cancels. */
async function lookup(group: SearchGroup, q: string, signal: AbortSignal): Promise<SearchHit[]> {
  const opts = { signal, silent: true };
  if (group === 'customers') {
    const page = await callApi(
      'customerFiltered',
      { query: { SearchWord: q, ItemsPerPage: GROUP_SIZE, Page: 1 } },
      opts,
    );
    return page.Content.map((item) => ({ group, item }));
  }
  if (group === 'jobs') {
    const page = await callApi(
      'jobListFiltered',
      { body: { SearchWord: q, ItemsPerPage: GROUP_SIZE, Page: 1 } },
      opts,
    );
    return page.Content.map((item) => ({ group, item }));
  }
  const machines = await callApi(
    'machineSearch',
    { query: { searchQuery: q, IncludeInactive: true, limit: GROUP_SIZE } },
    opts,
  );
  return machines.map((item) => ({ group, item }));
}

export interface GroupLookup {
  group: SearchGroup;
  hits: SearchHit[];
  searching: boolean;
  failed: boolean;
}

/**
 * The three lookups of the header search for a (debounced) query: customers, jobs (for those who may
 * see the job list), machines. Each is its own call with its own AbortSignal: a new query makes the
 * previous calls stale and TanStack Query aborts them; `cancel` aborts those under way.
 */
export function useSearchLookups(query: string) {
  const q = query.trim();
  const mayListJobs = useCan('Module.Jobs');
  const client = useQueryClient();
  // One useQuery a group (the groups are fixed): useQueries would split the signed-in app's query chunk.
  const lookupOf = (group: SearchGroup, allowed = true) => ({
    queryKey: searchKeys.lookup(group, q),
    enabled: allowed && q.length > 0,
    retry: false,
    staleTime: 30_000,
    queryFn: ({ signal }: { signal: AbortSignal }) => lookup(group, q, signal),
  });
  const results = {
    customers: useQuery(lookupOf('customers')),
    jobs: useQuery(lookupOf('jobs', mayListJobs)),
    machines: useQuery(lookupOf('machines')),
  };
  const lookups: GroupLookup[] = SEARCH_GROUPS.filter((g) => g !== 'jobs' || mayListJobs).map((group) => {
    const r = results[group];
    return { group, hits: r.data ?? [], searching: r.fetchStatus === 'fetching', failed: r.isError };
  });
  const cancel = useCallback(() => {
    void client.cancelQueries({ queryKey: searchKeys.all });
  }, [client]);
  return { lookups, cancel };
}
