import type { Api, MachineModel, RouteOutput } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type { MachineModel };
export type Supplier = RouteOutput<Api['supplierGet']>;

export interface ModelListFilter {
  SearchWord?: string;
  MachineTypeId?: number;
  SupplierId?: number;
  IncludeInactive?: boolean;
}

export const pimKeys = {
  models: ['pim', 'models'] as const,
  modelList: (filter: ModelListFilter) => ['pim', 'models', 'list', filter] as const,
  model: (id: number) => ['pim', 'models', 'detail', id] as const,
  types: ['pim', 'types'] as const,
  typeList: (search: string) => ['pim', 'types', 'list', search] as const,
  type: (id: number) => ['pim', 'types', 'detail', id] as const,
  suppliers: ['pim', 'suppliers'] as const,
  supplierList: (search: string) => ['pim', 'suppliers', 'list', search] as const,
  supplier: (id: number) => ['pim', 'suppliers', 'detail', id] as const,
  image: (path: string) => ['pim', 'image', path] as const,
};

const word = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);
const validId = (id: number) => Number.isInteger(id) && id > 0;

/* ---- machine models ---- */

export function useModelPages(filter: ModelListFilter) {
  return usePagedList(pimKeys.modelList(filter), (Page, ItemsPerPage, signal) =>
    callApi(
      'machineModelFiltered',
      { query: { ...filter, SearchWord: word(filter.SearchWord), Page, ItemsPerPage } },
      { signal },
    ),
  );
}

export function useModel(id: number) {
  return useQuery({
    queryKey: pimKeys.model(id),
    queryFn: ({ signal }) => callApi('machineModelGet', { params: { id } }, { signal }),
    enabled: validId(id),
  });
}

/* ---- machine types ---- */

export function useTypePages(search: string) {
  return usePagedList(pimKeys.typeList(search), (Page, ItemsPerPage, signal) =>
    callApi('machineTypeFiltered', { query: { SearchWord: word(search), Page, ItemsPerPage } }, { signal }),
  );
}

export function useMachineType(id: number) {
  return useQuery({
    queryKey: pimKeys.type(id),
    queryFn: ({ signal }) => callApi('machineTypeGet', { params: { id } }, { signal }),
    enabled: validId(id),
  });
}

/* ---- suppliers ---- */

export function useSupplierPages(search: string) {
  return usePagedList(pimKeys.supplierList(search), (Page, ItemsPerPage, signal) =>
    callApi('supplierFiltered', { query: { SearchWord: word(search), Page, ItemsPerPage } }, { signal }),
  );
}

export function useSupplier(id: number) {
  return useQuery({
    queryKey: pimKeys.supplier(id),
    queryFn: ({ signal }) => callApi('supplierGet', { params: { id } }, { signal }),
    enabled: validId(id),
  });
}
