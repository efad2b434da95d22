import { LIST_INITIAL_RENDER } from '@fieldport/contract';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';

export interface Page<T> {
  Content: T[];
  TotalCount: number;
  /** The job list's count stops early: the total is at least TotalCount. */
  TotalCountCapped?: boolean;
}

/** Page n (from 1) of a list, ItemsPerPage items. */
export type PageFetcher<P extends Page<unknown>> = (
  page: number,
  itemsPerPage: number,
  signal: AbortSignal,
) => Promise<P>;

/** Whether there is a page after `last`, and its number. */
function nextPage(
  last: Page<unknown>,
  pages: readonly Page<unknown>[],
  pageSize: number,
): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.Content.length, 0);
  const more = last.TotalCountCapped
    ? last.Content.length === pageSize
    : last.Content.length > 0 && loaded < last.TotalCount;
  return more ? pages.length + 1 : undefined;
}

/**
 * The one paging hook: a list loaded page by page ({ Content, TotalCount }, Page from 1) with TanStack
 * `useInfiniteQuery`, 50 items a page (001 §9); `VirtualList` asks for the next page at 90 percent
 * scroll. `items` are the loaded items in order, `total` the server's count (`totalCapped`: at least).
 */
export function usePagedList<P extends Page<unknown>>(
  key: QueryKey,
  fetchPage: PageFetcher<P>,
  enabled = true,
  /** Items a page: 50 (001 §9) unless a list says otherwise (the search results: 100). */
  pageSize = LIST_INITIAL_RENDER,
) {
  const query = useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, pageSize, signal),
    getNextPageParam: (last: P, pages: P[]) => nextPage(last, pages, pageSize),
  });
  const pages = query.data?.pages;
  const items: P['Content'] = pages?.flatMap((p) => p.Content) ?? [];
  const last = pages?.at(-1);
  return { ...query, items, total: last?.TotalCount ?? 0, totalCapped: last?.TotalCountCapped ?? false };
}
