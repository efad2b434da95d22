import type {
  Api,
  LeadChangeInput,
  LeadConvertInput,
  LeadInput,
  LeadTypeChangeInput,
  LeadTypeInput,
  RouteOutput,
} from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type LeadItem = RouteOutput<Api['leadGet']>;
export type LeadTypeItem = RouteOutput<Api['leadTypeGet']>;

/** Every lead and lead type answer sits under ['leads']: a change or their events read them again. */
const leadKeys = {
  all: ['leads'] as const,
  list: (search: string, converted: boolean) => ['leads', 'list', search, converted] as const,
  types: ['leads', 'types'] as const,
};

export function useLeadList(search: string, includeConverted: boolean) {
  return usePagedList(leadKeys.list(search, includeConverted), (Page, ItemsPerPage, signal) =>
    callApi(
      'leadFiltered',
      {
        query: {
          Page,
          ItemsPerPage,
          IncludeConverted: includeConverted ? 'true' : 'false',
          ...(search ? { SearchWord: search } : {}),
        },
      },
      { signal },
    ),
  );
}

export function useLeadTypes() {
  return useQuery({
    queryKey: leadKeys.types,
    queryFn: ({ signal }) => callApi('leadTypeList', {}, { signal }),
  });
}

function useLeadWrite<T, R>(write: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: leadKeys.all }),
  });
}

export const useCreateLead = () =>
  useLeadWrite((body: LeadInput) =>
    callApi('leadCreate', { body }, { notify: true, silent: true, idempotencyKey: crypto.randomUUID() }),
  );
export const useChangeLead = () =>
  useLeadWrite((body: LeadChangeInput) => callApi('leadChange', { body }, { notify: true, silent: true }));
export const useDeleteLead = () =>
  useLeadWrite((id: number) => callApi('leadDelete', { params: { id } }, { notify: true, silent: true }));
/** Lead/{id}/Convert: the customer and the job made in one step (ours, decision 050). */
export const useConvertLead = () =>
  useLeadWrite(({ id, body }: { id: number; body: LeadConvertInput }) =>
    callApi('leadConvert', { params: { id }, body }, { notify: true, silent: true }),
  );
export const useCreateLeadType = () =>
  useLeadWrite((body: LeadTypeInput) =>
    callApi('leadTypeCreate', { body }, { notify: true, idempotencyKey: crypto.randomUUID() }),
  );
export const useChangeLeadType = () =>
  useLeadWrite((body: LeadTypeChangeInput) => callApi('leadTypeChange', { body }, { notify: true }));
export const useDeleteLeadType = () =>
  useLeadWrite((id: number) => callApi('leadTypeDelete', { params: { id } }, { notify: true }));
