import type { JobCategoryArticle } from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { offsetOf } from '../common/paging.ts';
import { articlesOfNumbers } from './article-refs.ts';
import * as repo from './job-category-articles.repository.ts';

export const presentCategoryArticle = (r: repo.CategoryArticleRow): JobCategoryArticle => ({
  Id: r.id,
  JobCategoryId: r.jobCategoryId,
  ArticleId: r.articleId,
  ArticleNumber: r.articleNumber,
  Name: r.name,
  Unit: r.unit,
  Quantity: Number(r.quantity),
  IsActive: r.isActive,
});

/** The articles a job category brings along (002 §7.9); each change is a job category change event. */
export class JobCategoryArticleService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  async filtered(
    caller: Caller,
    q: { JobCategoryId: number; Page: number; ItemsPerPage: number; SearchWord?: string | undefined },
  ) {
    if (!(await repo.categoryExists(this.db, q.JobCategoryId)))
      throw recordNotFound(caller, 'object_job_category', q.JobCategoryId);
    const { rows, total } = await repo.listCategoryArticles(this.db, q.JobCategoryId, q.SearchWord, {
      limit: q.ItemsPerPage,
      offset: offsetOf(q.Page, q.ItemsPerPage),
    });
    return { Content: rows.map(presentCategoryArticle), TotalCount: total };
  }

  /** Adds articles by number: all or none (an unknown number is a 400 and nothing is written). */
  async add(caller: Caller, categoryId: number, numbers: string[]) {
    return changeWithEvents(this.db, async (tx, emit) => {
      if (!(await repo.categoryExists(tx, categoryId)))
        throw recordNotFound(caller, 'object_job_category', categoryId);
      const found = await articlesOfNumbers(caller, tx, numbers);
      await repo.addArticles(tx, categoryId, found);
      emit({ entity: 'jobCategory', entityId: categoryId, changeType: 'Change', userId: caller.user.id });
      return (await repo.allOfCategory(tx, categoryId)).map(presentCategoryArticle);
    });
  }

  async changeQuantity(caller: Caller, id: number, quantity: string) {
    return changeWithEvents(this.db, async (tx, emit) => {
      if (!(await repo.setQuantity(tx, id, quantity))) throw recordNotFound(caller, 'object_article', id);
      const row = (await repo.findLink(tx, id))!;
      emit({
        entity: 'jobCategory',
        entityId: row.jobCategoryId,
        changeType: 'Change',
        userId: caller.user.id,
      });
      return presentCategoryArticle(row);
    });
  }

  async remove(caller: Caller, id: number) {
    return changeWithEvents(this.db, async (tx, emit) => {
      const gone = await repo.deleteLink(tx, id);
      if (!gone) throw recordNotFound(caller, 'object_article', id);
      emit({
        entity: 'jobCategory',
        entityId: gone.jobCategoryId,
        changeType: 'Change',
        userId: caller.user.id,
      });
      return { Id: gone.id };
    });
  }
}
