import {
  ArticleChangeInput,
  ArticleInput,
  type articleRoutes,
  type commonPartRoutes,
  type jobCategoryArticleRoutes,
} from '@fieldport/contract';
import type { Handlers } from '../../http/context.ts';
import type { ChangeLogService } from '../change-logs/change-logs.service.ts';
import { callerOf } from '../common/caller.ts';
import { readMultipart } from '../resources/multipart.ts';
import type { ArticleService } from './articles.service.ts';
import type { CommonPartService } from './common-parts.service.ts';
import type { JobCategoryArticleService } from './job-category-articles.service.ts';

/** Articles (multipart create and change with ImageFile, like machine models) and their log, 002 §7.3, §7.12. */
export function articleHandlers(svc: ArticleService, logs: ChangeLogService): Handlers<typeof articleRoutes> {
  return {
    articleSearch: async (ctx) => svc.search(ctx.query.q),
    articleSearchRoot: async (ctx) => svc.search(ctx.query.q),
    articleFiltered: async (ctx) => svc.filtered(ctx.query),
    articleGet: async (ctx) => svc.get(callerOf(ctx), ctx.params.number),
    articleCreate: async (ctx) => {
      const { value, file } = await readMultipart(ctx.req, 'Article', ArticleInput);
      return svc.create(callerOf(ctx), value, file);
    },
    articleChange: async (ctx) => {
      const { value, file } = await readMultipart(ctx.req, 'Article', ArticleChangeInput);
      return svc.change(callerOf(ctx), value, file);
    },
    articleLogs: async (ctx) => logs.list(callerOf(ctx), 'article', ctx.query),
  };
}

/** The articles of job categories, 002 §7.9. */
export function jobCategoryArticleHandlers(
  svc: JobCategoryArticleService,
): Handlers<typeof jobCategoryArticleRoutes> {
  return {
    jobCategoryArticlesFiltered: async (ctx) => svc.filtered(callerOf(ctx), ctx.query),
    jobCategoryArticlesAdd: async (ctx) => svc.add(callerOf(ctx), ctx.params.id, ctx.body),
    jobCategoryArticlesChange: async (ctx) =>
      svc.changeQuantity(callerOf(ctx), ctx.body.Id, ctx.body.Quantity),
    jobCategoryArticlesDelete: async (ctx) => svc.remove(callerOf(ctx), ctx.params.id),
  };
}

/** The common parts of machine models, 002 §7.13. */
export function commonPartHandlers(svc: CommonPartService): Handlers<typeof commonPartRoutes> {
  return {
    commonPartsFiltered: async (ctx) => svc.filtered(ctx.query),
    commonPartsGet: async (ctx) => svc.ofModel(callerOf(ctx), ctx.params.modelId),
    commonPartsAdd: async (ctx) => svc.add(callerOf(ctx), ctx.params.modelId, ctx.body),
    commonPartsMove: async (ctx) =>
      svc.move(callerOf(ctx), ctx.params.modelId, ctx.query.articleId, ctx.query.position),
    commonPartsRemove: async (ctx) => svc.remove(callerOf(ctx), ctx.params.modelId, ctx.params.articleId),
  };
}
