import type { DepartmentChangeInput, DepartmentInput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

/** Every department answer sits under ['departments']: a change or the department event reads them again. */
export const departmentKeys = {
  all: ['departments'] as const,
  list: (search: string) => ['departments', 'list', search] as const,
  one: (id: number) => ['departments', 'one', id] as const,
};

export function useDepartmentList(search: string) {
  return usePagedList(departmentKeys.list(search), (Page, ItemsPerPage, signal) =>
    callApi(
      'departmentFiltered',
      { query: { Page, ItemsPerPage, ...(search ? { SearchWord: search } : {}) } },
      { signal },
    ),
  );
}

export function useDepartment(id: number) {
  return useQuery({
    queryKey: departmentKeys.one(id),
    queryFn: ({ signal }) => callApi('departmentGet', { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

function useDepartmentWrite<T, R>(write: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    // The users' lists show the department's name too.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: departmentKeys.all }),
        client.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
}

export const useCreateDepartment = () =>
  useDepartmentWrite((body: z.input<typeof DepartmentInput>) =>
    callApi(
      'departmentCreate',
      { body },
      { notify: true, silent: true, idempotencyKey: crypto.randomUUID() },
    ),
  );
export const useChangeDepartment = () =>
  useDepartmentWrite((body: z.input<typeof DepartmentChangeInput>) =>
    callApi('departmentChange', { body }, { notify: true, silent: true }),
  );
