import type { Api, MachineModel, RouteOutput } from '@fieldport/contract';
import { callApi } from '../../lib/api/client.ts';
import type { Page } from '../paged-list/index.ts';

type MachineType = RouteOutput<Api['machineTypeGet']>;
type Supplier = RouteOutput<Api['supplierGet']>;
type AssetType = RouteOutput<Api['assetTypeGet']>;

const word = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);

/**
 * The pages of the reference pickers (SearchDropdown's fetchPage): machine models, machine types,
 * suppliers and asset types, for the machines and the articles alike.
 */

interface DropdownArgs {
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
