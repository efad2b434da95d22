import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../lib/use-scroll-paging.ts';

export interface Page<T> {
  Content: T[];
  TotalCount: number;
}

/** Page n (from 1) of a list, ItemsPerPage items. */
export type PageFetcher<T> = (page: number, itemsPerPage: number, signal: AbortSignal) => Promise<Page<T>>;

/**
 * A list loaded page by page ({ Content, TotalCount }, Page from 1), 50 items a page. `items` are the
 * loaded items in order, `total` the server's count.
 */
export function usePagedList<T>(key: QueryKey, fetchPage: PageFetcher<T>, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: key,
    enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, LIST_PAGE_SIZE, signal),
    getNextPageParam: (last: Page<T>, pages: Page<T>[]) => {
      const loaded = pages.reduce((n, p) => n + p.Content.length, 0);
      return last.Content.length > 0 && loaded < last.TotalCount ? pages.length + 1 : undefined;
    },
  });
  const items = query.data?.pages.flatMap((p) => p.Content) ?? [];
  const total = query.data?.pages.at(-1)?.TotalCount ?? 0;
  return { ...query, items, total };
}
