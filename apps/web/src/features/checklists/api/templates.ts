import type { Api, ChecklistTemplateSaveInput, RouteOutput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/client.ts';

/** The Admin's checklist templates (002 §7.4), under ['checklists', 'templates'] like the job tab's list of them. */
const templateKeys = {
  all: ['checklists', 'templates'] as const,
  list: (inactive: boolean) => ['checklists', 'templates', 'list', inactive] as const,
  one: (id: number) => ['checklists', 'templates', 'one', id] as const,
};

export type ChecklistTemplate = RouteOutput<Api['checklistTemplateGet']>;

export const useTemplates = (includeInactive: boolean) =>
  useQuery({
    queryKey: templateKeys.list(includeInactive),
    queryFn: ({ signal }) =>
      callApi(
        'checklistTemplates',
        { query: includeInactive ? { includeInactive: 'true' } : {} },
        { signal },
      ),
  });

export const useTemplate = (id: number | null) =>
  useQuery({
    queryKey: templateKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) =>
      callApi('checklistTemplateGet', { params: { id: id! } }, { signal, silent: true }),
  });

/** POST checklist/templates/ ?name: a new template (one key per form: a double click makes one). */
export function useCreateTemplate(idempotencyKey: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      callApi('checklistTemplateCreate', { query: { name } }, { notify: true, idempotencyKey }),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

/** POST checklist/templates/{id}/: the whole template, with the row version read. */
export function useSaveTemplate(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChecklistTemplateSaveInput) =>
      callApi('checklistTemplateSave', { params: { id }, body }, { notify: true, silent: true }),
    onSuccess: (saved) => {
      client.setQueryData(templateKeys.one(id), saved);
      return client.invalidateQueries({ queryKey: templateKeys.all });
    },
  });
}
