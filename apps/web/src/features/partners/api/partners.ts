import type { Api, PartnerCompanyChangeInput, PartnerCompanyInput, RouteOutput } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type PartnerCompanyItem = RouteOutput<Api['partnerCompanyGet']>;

/** Every partner company answer sits under ['partners']: a write or a partnerCompany event reads them again. */
export const partnerKeys = {
  all: ['partners'] as const,
  list: (search: string) => ['partners', 'list', search] as const,
  one: (id: number) => ['partners', 'one', id] as const,
};

export function usePartnerCompanyList(search: string) {
  return usePagedList(partnerKeys.list(search), (Page, ItemsPerPage, signal) =>
    callApi(
      'partnerCompanyFiltered',
      { query: { Page, ItemsPerPage, ...(search ? { SearchWord: search } : {}) } },
      { signal },
    ),
  );
}

export function usePartnerCompany(id: number) {
  return useQuery({
    queryKey: partnerKeys.one(id),
    queryFn: ({ signal }) => callApi('partnerCompanyGet', { params: { id } }, { signal }),
  });
}

const useInvalidate = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: partnerKeys.all });
};

export function useCreatePartnerCompany() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: z.input<typeof PartnerCompanyInput>) =>
      callApi('partnerCompanyCreate', { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useChangePartnerCompany() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: z.input<typeof PartnerCompanyChangeInput>) =>
      callApi('partnerCompanyChange', { body }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeletePartnerCompany() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callApi('partnerCompanyDelete', { params: { id } }),
    onSuccess: invalidate,
  });
}
