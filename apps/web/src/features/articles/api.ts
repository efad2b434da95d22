import type { Article, ArticleDetail, CommonPart } from '@fieldport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../components/paged-list/index.ts';
import { type CallInput, callApi } from '../../lib/api/client.ts';

export type { Article, ArticleDetail, CommonPart };

export interface ArticleListFilter {
  SearchWord?: string;
  IncludeInactive?: boolean;
}

/** Query keys of articles, their logs, the models' common parts and the job categories' articles. */
const articleKeys = {
  all: ['articles'] as const,
  list: (filter: ArticleListFilter) => ['articles', 'list', filter] as const,
  detail: (number: string) => ['articles', 'detail', number.toLowerCase()] as const,
  logs: (id: number) => ['articles', 'logs', id] as const,
  search: (q: string) => ['articles', 'search', q] as const,
  commonParts: (modelId: number) => ['articles', 'common-parts', modelId] as const,
  categoryArticles: (categoryId: number) => ['articles', 'job-category', categoryId] as const,
  category: (id: number) => ['articles', 'category', id] as const,
};

export function useArticlePages(filter: ArticleListFilter) {
  return usePagedList(articleKeys.list(filter), (Page, ItemsPerPage, signal) =>
    callApi(
      'articleFiltered',
      {
        query: {
          ...(filter.SearchWord ? { SearchWord: filter.SearchWord } : {}),
          IncludeInactive: filter.IncludeInactive ?? false,
          Page,
          ItemsPerPage,
        },
      },
      { signal },
    ),
  );
}

export function useArticle(number: string) {
  return useQuery({
    queryKey: articleKeys.detail(number),
    queryFn: ({ signal }) => callApi('articleGet', { params: { number } }, { signal }),
    enabled: number.trim() !== '',
  });
}

export function useArticleLogs(id: number | undefined) {
  return usePagedList(articleKeys.logs(id ?? 0), (Page, ItemsPerPage, signal) =>
    callApi('articleLogs', { query: { ArticleId: id ?? 0, Page, ItemsPerPage } }, { signal }),
  );
}

/** The staff's dropdown search (at least three characters). */
export function useArticleSearch(q: string) {
  return useQuery({
    queryKey: articleKeys.search(q),
    queryFn: ({ signal }) => callApi('articleSearch', { query: { q } }, { signal }),
    enabled: q.trim().length >= 3,
  });
}

type Body<K extends Parameters<typeof callApi>[0]> = NonNullable<CallInput<K>['body']>;

export function useSaveArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { create: Body<'articleCreate'> } | { change: Body<'articleChange'> }) =>
      'create' in input
        ? callApi('articleCreate', { body: input.create }, { notify: true })
        : callApi('articleChange', { body: input.change }, { notify: true }),
    onSuccess: (saved) => {
      client.setQueryData(articleKeys.detail(saved.ArticleNumber), saved);
      return client.invalidateQueries({ queryKey: ['articles', 'list'] });
    },
  });
}

/* ---- common parts ---- */

export function useCommonParts(modelId: number) {
  return useQuery({
    queryKey: articleKeys.commonParts(modelId),
    queryFn: ({ signal }) => callApi('commonPartsGet', { params: { modelId } }, { signal }),
    enabled: modelId > 0,
  });
}

/** Every change of a model's common parts answers the list: the cache takes it. */
export function useCommonPartChanges(modelId: number) {
  const client = useQueryClient();
  const onSuccess = (list: CommonPart[]) => client.setQueryData(articleKeys.commonParts(modelId), list);
  return {
    add: useMutation({
      mutationFn: (lines: { ArticleId: number; Quantity: number | string }[]) =>
        callApi('commonPartsAdd', { params: { modelId }, body: lines }, { notify: true }),
      onSuccess,
    }),
    move: useMutation({
      mutationFn: (m: { articleId: number; position: number }) =>
        callApi('commonPartsMove', { params: { modelId }, query: m }, { notify: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (articleId: number) =>
        callApi('commonPartsRemove', { params: { modelId, articleId } }, { notify: true }),
      onSuccess,
    }),
  };
}

/* ---- job category articles ---- */

export function useJobCategory(id: number) {
  return useQuery({
    queryKey: articleKeys.category(id),
    queryFn: ({ signal }) => callApi('jobCategoryGet', { params: { id } }, { signal }),
    enabled: id > 0,
  });
}

/** The category's name or active state, with the version read (decision 026); the Admin's lookups load again. */
export function useChangeJobCategory(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { Name?: string; IsActive?: boolean; RowVersion: number }) =>
      callApi('jobCategoryChange', { body: { Id: id, ...change } }, { notify: true }),
    onSuccess: (saved) => {
      client.setQueryData(articleKeys.category(id), saved);
      return client.invalidateQueries({ queryKey: ['admin', 'lookups', 'jobCategory'] });
    },
  });
}

export function useCategoryArticles(categoryId: number) {
  return useQuery({
    queryKey: articleKeys.categoryArticles(categoryId),
    queryFn: ({ signal }) =>
      callApi(
        'jobCategoryArticlesFiltered',
        { query: { JobCategoryId: categoryId, Page: 1, ItemsPerPage: 1000 } },
        { signal },
      ),
    enabled: categoryId > 0,
  });
}

export function useCategoryArticleChanges(categoryId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: articleKeys.categoryArticles(categoryId) });
  return {
    add: useMutation({
      mutationFn: (numbers: string[]) =>
        callApi('jobCategoryArticlesAdd', { params: { id: categoryId }, body: numbers }, { notify: true }),
      onSuccess: refresh,
    }),
    quantity: useMutation({
      mutationFn: (c: { Id: number; Quantity: number | string }) =>
        callApi('jobCategoryArticlesChange', { body: c }, { notify: true }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callApi('jobCategoryArticlesDelete', { params: { id } }, { notify: true }),
      onSuccess: refresh,
    }),
  };
}
