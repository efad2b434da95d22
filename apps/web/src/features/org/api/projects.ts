import type { ProjectChangeInput, ProjectInput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

/** Every project answer sits under ['projects']: a change or the project event reads them all again. */
const projectKeys = {
  all: ['projects'] as const,
  list: (search: string) => ['projects', 'list', search] as const,
  one: (id: number) => ['projects', 'one', id] as const,
};

export function useProjectList(search: string) {
  return usePagedList(projectKeys.list(search), (Page, ItemsPerPage, signal) =>
    callApi(
      'projectFiltered',
      { query: { Page, ItemsPerPage, ...(search ? { SearchWord: search } : {}) } },
      { signal },
    ),
  );
}

export function useProject(id: number) {
  return useQuery({
    queryKey: projectKeys.one(id),
    queryFn: ({ signal }) => callApi('projectGet', { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectInput) =>
      callApi('projectCreate', { body }, { notify: true, silent: true, idempotencyKey: crypto.randomUUID() }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useChangeProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProjectChangeInput) =>
      callApi('projectChange', { body }, { notify: true, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('projectDelete', { params: { id } }, { notify: true, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
