import { z } from 'zod';
import { STAFF } from '../domain/user-types.ts';
import { listOf } from '../http/common.ts';
import { defineRoute, json, sp, users } from '../http/route.ts';
import {
  Article,
  ArticleChangeInput,
  ArticleDetail,
  ArticleFilterQuery,
  ArticleInput,
  ArticleLogQuery,
  ArticleNumberParams,
  ArticleSearchQuery,
  CommonPart,
  CommonPartAddInput,
  CommonPartArticleParams,
  CommonPartModelParams,
  CommonPartMoveQuery,
  CommonPartQuery,
  JobCategoryArticle,
  JobCategoryArticleChange,
  JobCategoryArticleNumbers,
  JobCategoryArticleQuery,
} from '../schemas/articles.ts';
import { ChangeLogEntry } from '../schemas/change-logs.ts';
import { RecordIdParams } from '../schemas/fields.ts';

/**
 * Articles (002 §7.3), their change log (§7.12), the articles of job categories (§7.9) and the common
 * parts of machine models (§7.13). Staff only: customer and partner users never see articles (they
 * carry purchase prices and stock). The PIM staff (Admin, Technician) read; the Admin writes. The
 * dropdown search is every staff member's (parts on jobs).
 */
const searchers = users(STAFF);
const readers = users([1, 2], { permission: 'Module.PIM' });
const admin = users([1], { permission: 'Module.Admin' });

export const articleRoutes = {
  articleSearch: defineRoute({
    method: 'GET',
    path: sp('article/search'),
    spellings: ['/api2/serviceprovider/article/search'],
    summary:
      'Active articles whose number or name holds q (at least 3 characters), at most 100; a plain list.',
    access: searchers,
    query: ArticleSearchQuery,
    response: json(z.array(Article)),
  }),
  /**
   * 002 §7.3 names a second search path, /api2/serviceprovider/article/search. Paths are matched
   * without regard to case, so spelt that way it is the first path again; the catalogue's other root
   * (paths under /api2/ outside the service-provider root, like /api2/resource/ and /api2/qr/) gives
   * the second its own address.
   */
  articleSearchRoot: defineRoute({
    method: 'GET',
    path: '/api2/article/search',
    summary: 'The same search as article/search, under the API root.',
    access: searchers,
    query: ArticleSearchQuery,
    response: json(z.array(Article)),
  }),
  articleFiltered: defineRoute({
    method: 'GET',
    path: sp('Article/Filtered'),
    summary:
      'A page of articles by number or name (active ones unless IncludeInactive; IsTimeArticle narrows).',
    access: readers,
    query: ArticleFilterQuery,
    response: json(listOf(Article)),
  }),
  articleGet: defineRoute({
    method: 'GET',
    path: sp('Article/:number'),
    summary: 'One article by its number (any case), with its stock per store and its job categories.',
    access: readers,
    params: ArticleNumberParams,
    response: json(ArticleDetail),
  }),
  articleCreate: defineRoute({
    method: 'POST',
    path: sp('Article/'),
    summary: 'Create an article (multipart: ImageFile and the Article JSON part); a used number is a 409.',
    access: admin,
    bodyKind: 'multipart',
    body: z.object({ Article: ArticleInput, ImageFile: z.unknown().optional() }),
    response: json(ArticleDetail),
  }),
  articleChange: defineRoute({
    method: 'PATCH',
    path: sp('Article/'),
    summary: 'Change an article (multipart: ImageFile and the Article JSON part, by Id with RowVersion).',
    access: admin,
    bodyKind: 'multipart',
    body: z.object({ Article: ArticleChangeInput, ImageFile: z.unknown().optional() }),
    response: json(ArticleDetail),
  }),
  articleLogs: defineRoute({
    method: 'GET',
    path: sp('Log/ArticleLogs/Filtered'),
    summary: 'Changes of articles (by ArticleId), newest first.',
    access: readers,
    query: ArticleLogQuery,
    response: json(listOf(ChangeLogEntry)),
  }),
} as const;

export const jobCategoryArticleRoutes = {
  jobCategoryArticlesFiltered: defineRoute({
    method: 'GET',
    path: sp('JobCategoryArticles/Filtered'),
    summary: 'A page of the articles of a job category (by JobCategoryId), by article number.',
    access: readers,
    query: JobCategoryArticleQuery,
    response: json(listOf(JobCategoryArticle)),
  }),
  jobCategoryArticlesAdd: defineRoute({
    method: 'POST',
    path: sp('JobCategoryArticles/:id'),
    summary: 'Add articles to job category {id} by their numbers (quantity 1); an unknown number adds none.',
    access: admin,
    params: RecordIdParams,
    body: JobCategoryArticleNumbers,
    response: json(z.array(JobCategoryArticle)),
  }),
  jobCategoryArticlesChange: defineRoute({
    method: 'PUT',
    path: sp('JobCategoryArticles/'),
    summary: 'Change the quantity of a job category article (by Id).',
    access: admin,
    body: JobCategoryArticleChange,
    response: json(JobCategoryArticle),
  }),
  jobCategoryArticlesDelete: defineRoute({
    method: 'DELETE',
    path: sp('JobCategoryArticles/:id'),
    summary: 'Remove an article from its job category (by the link Id).',
    access: admin,
    params: RecordIdParams,
    response: json(z.object({ Id: z.number().int() })),
  }),
} as const;

export const commonPartRoutes = {
  commonPartsFiltered: defineRoute({
    method: 'GET',
    path: sp('CommonParts/Filtered'),
    summary: 'A page of common parts (by MachineModelId), in their order; SearchWord matches number or name.',
    access: readers,
    query: CommonPartQuery,
    response: json(listOf(CommonPart)),
  }),
  commonPartsGet: defineRoute({
    method: 'GET',
    path: sp('CommonParts/:modelId'),
    summary: 'The common parts of a machine model, in their order; a plain list.',
    access: readers,
    params: CommonPartModelParams,
    response: json(z.array(CommonPart)),
  }),
  commonPartsAdd: defineRoute({
    method: 'POST',
    path: sp('CommonParts/:modelId'),
    summary:
      'Add articles (by number or id, with quantity) to the end of the list; one already there gets the quantity.',
    access: admin,
    params: CommonPartModelParams,
    body: CommonPartAddInput,
    response: json(z.array(CommonPart)),
  }),
  commonPartsMove: defineRoute({
    method: 'PUT',
    path: sp('CommonParts/:modelId/Move'),
    summary: 'Move a common part (articleId) to a place (position, from 1); the others close up.',
    access: admin,
    params: CommonPartModelParams,
    query: CommonPartMoveQuery,
    response: json(z.array(CommonPart)),
  }),
  commonPartsRemove: defineRoute({
    method: 'DELETE',
    path: sp('CommonParts/:modelId/Article/:articleId'),
    summary: 'Remove an article from the common parts of a machine model.',
    access: admin,
    params: CommonPartArticleParams,
    response: json(z.array(CommonPart)),
  }),
} as const;
