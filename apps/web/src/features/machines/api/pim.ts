import type { Api, MachineModel, RouteOutput } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { type Page, usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type { MachineModel };
export type MachineType = RouteOutput<Api['machineTypeGet']>;
export type Supplier = RouteOutput<Api['supplierGet']>;
export type AssetType = RouteOutput<Api['assetTypeGet']>;

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

/* ---- dropdown pages (SearchDropdown's fetchPage) ---- */

export interface DropdownArgs {
  SearchWord: string;
  Page: number;
  ItemsPerPage: number;
  PrependItemIdList: number[];
  signal: AbortSignal;
}

/**
 * The lists of models, types, suppliers and asset types take no PrependItemIdList: the selected records are
 * fetched one by one and put first on page 1, the others left out of the pages.
 */
async function withPrepended<T extends { Id: number }>(
  args: DropdownArgs,
  page: Page<T>,
  get: (id: number) => Promise<T>,
): Promise<Page<T>> {
  const ids = args.PrependItemIdList;
  if (ids.length === 0) return page;
  const rest = page.Content.filter((item) => !ids.includes(item.Id));
  if (args.Page !== 1) return { Content: rest, TotalCount: page.TotalCount };
  const selected = await Promise.all(ids.map((id) => get(id).catch(() => null)));
  return {
    Content: [...selected.filter((s): s is Awaited<T> => s !== null), ...rest],
    TotalCount: page.TotalCount,
  };
}

const paging = (args: DropdownArgs) => ({
  SearchWord: word(args.SearchWord),
  Page: args.Page,
  ItemsPerPage: args.ItemsPerPage,
});

export const fetchModelOptions =
  (filter: { SupplierId?: number; MachineTypeId?: number } = {}) =>
  async (args: DropdownArgs): Promise<Page<MachineModel>> =>
    withPrepended(
      args,
      await callApi(
        'machineModelFiltered',
        { query: { ...paging(args), ...filter, IncludeInactive: false } },
        { signal: args.signal },
      ),
      (id) => callApi('machineModelGet', { params: { id } }, { signal: args.signal }),
    );

export const fetchTypeOptions = async (args: DropdownArgs): Promise<Page<MachineType>> =>
  withPrepended(
    args,
    await callApi('machineTypeFiltered', { query: paging(args) }, { signal: args.signal }),
    (id) => callApi('machineTypeGet', { params: { id } }, { signal: args.signal }),
  );

export const fetchSupplierOptions = async (args: DropdownArgs): Promise<Page<Supplier>> =>
  withPrepended(
    args,
    await callApi('supplierFiltered', { query: paging(args) }, { signal: args.signal }),
    (id) => callApi('supplierGet', { params: { id } }, { signal: args.signal }),
  );

export const fetchAssetTypeOptions = async (args: DropdownArgs): Promise<Page<AssetType>> =>
  withPrepended(
    args,
    await callApi('assetTypeFiltered', { query: paging(args) }, { signal: args.signal }),
    (id) => callApi('assetTypeGet', { params: { id } }, { signal: args.signal }),
  );
