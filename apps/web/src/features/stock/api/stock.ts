import type { Api, RouteOutput } from '@fieldport/contract';
import { useQuery } from '@tanstack/react-query';
import { usePagedList } from '../../../components/paged-list/index.ts';
import { callApi } from '../../../lib/api/client.ts';

export type Store = RouteOutput<Api['storeGetAll']>[number];
export type PickingLine = RouteOutput<Api['pickingList']>[number];
export type CountDifference = RouteOutput<Api['inventoryCount']>['Differences'][number];

/** Every stock answer sits under ['stock']: a stock change (the article change event) refreshes them all. */
export const stockKeys = {
  all: ['stock'] as const,
  stores: ['stock', 'stores'] as const,
  vehicles: ['stock', 'vehicles'] as const,
  articles: (storeId: number, search: string) => ['stock', 'articles', storeId, search] as const,
  movements: (filter: MovementFilter) => ['stock', 'movements', filter] as const,
  picking: (days: number) => ['stock', 'picking', days] as const,
};

export interface MovementFilter {
  storeId: number | null;
  onlyLocked: boolean;
}

export function useStores() {
  return useQuery({
    queryKey: stockKeys.stores,
    queryFn: ({ signal }) => callApi('storeGetAll', {}, { signal }),
  });
}

/** The vans the caller may see (UserController/getVehicleList: their own; the office's every van). */
function useVehicles() {
  return useQuery({
    queryKey: stockKeys.vehicles,
    queryFn: ({ signal }) => callApi('vehicleList', {}, { signal }),
  });
}

/** The signed-in user's van (getVehicleList's `IsMine`), undefined while loading, null without one. */
export function useMyVan(): { van: { Id: number; Name: string } | null | undefined; error: unknown } {
  const vehicles = useVehicles();
  if (!vehicles.data) return { van: undefined, error: vehicles.error };
  const mine = vehicles.data.find((v) => v.IsMine);
  return { van: mine ? { Id: mine.StoreId, Name: mine.Name } : null, error: null };
}

/** A store's assortment with stock, paged and searched; rows keyed by article. */
export function useStoreArticles(storeId: number | null, search: string) {
  return usePagedList(
    stockKeys.articles(storeId ?? 0, search),
    async (Page, ItemsPerPage, signal) => {
      const page = await callApi(
        'storeArticles',
        {
          params: { id: storeId! },
          query: { Page, ItemsPerPage, ...(search ? { SearchWord: search } : {}) },
        },
        { signal },
      );
      return { ...page, Content: page.Content.map((a) => ({ ...a, Id: a.ArticleId })) };
    },
    storeId !== null,
  );
}

export function useMovements(filter: MovementFilter) {
  return usePagedList(stockKeys.movements(filter), (Page, ItemsPerPage, signal) =>
    callApi(
      'inventoryMovements',
      {
        query: {
          Page,
          ItemsPerPage,
          onlyLockedLines: filter.onlyLocked,
          ...(filter.storeId ? { StoreId: filter.storeId } : {}),
        },
      },
      { signal },
    ),
  );
}

export function usePickingList(days: number) {
  return useQuery({
    queryKey: stockKeys.picking(days),
    queryFn: ({ signal }) => callApi('pickingList', { query: { Days: days } }, { signal }),
  });
}

/**
 * The catalogue's stock articles matching a number or a name (article/search, any article whether
 * or not a store holds it yet, so one can be received into a store for the first time); time and
 * service articles are left out, as they are never in stock.
 */
export function useArticleLookup(word: string) {
  return useQuery({
    queryKey: ['stock', 'lookup', word],
    enabled: word.length >= 3,
    queryFn: async ({ signal }) => {
      const found = await callApi('articleSearch', { query: { q: word } }, { signal });
      return found
        .filter((a) => a.IsStockItem && !a.IsTimeArticle)
        .map((a) => ({ Id: a.Id, Number: a.ArticleNumber, Name: a.Name, Unit: a.Unit }));
    },
  });
}

/** Every article of a store (up to 1000), for counting it. */
export function useWholeStore(storeId: number) {
  return useQuery({
    queryKey: ['stock', 'articles', storeId, 'whole'],
    queryFn: ({ signal }) =>
      callApi(
        'storeArticles',
        { params: { id: storeId }, query: { Page: 1, ItemsPerPage: 1000 } },
        { signal },
      ),
  });
}
