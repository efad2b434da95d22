import type { Article, ArticleChangeInput, ArticleDetail, ArticleInput } from '@fieldport/contract';
import { ARTICLE_SEARCH_MIN, JOB_COUNT_CAP, languageOf, localName } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { insertChangeLog } from '../change-logs/change-logs.api.ts';
import { created, diff } from '../change-logs/diff.ts';
import type { Caller } from '../common/caller.ts';
import type { Executor } from '../common/db.ts';
import { alreadyInUse, fieldNotFound, recordNotFound } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { boundedTotal, offsetOf } from '../common/paging.ts';
import { savedAt } from '../common/row-version.ts';
import { refuseTwins } from '../common/unique.ts';
import type { FileStore } from '../resources/file-store.ts';
import type { UploadedFile } from '../resources/multipart.ts';
import * as repo from './articles.repository.ts';

const SEARCH_LIMIT = 100;

export const presentArticle = ({ article: a, supplier }: repo.ArticleWithSupplier): Article => ({
  Id: a.id,
  ArticleNumber: a.articleNumber,
  Name: a.name,
  Description: a.description,
  Unit: a.unit,
  CostPrice: Number(a.costPrice),
  SalesPrice: Number(a.salesPrice),
  VatPercent: Number(a.vatPercent),
  IsTimeArticle: a.isTimeArticle,
  IsStockItem: a.isStockItem,
  SupplierId: a.supplierId,
  Supplier:
    supplier && supplier.id !== null && supplier.name !== null
      ? { Id: supplier.id, Name: supplier.name }
      : null,
  SupplierArticleNumber: a.supplierArticleNumber,
  Ean: a.ean,
  ImagePath: a.imagePath,
  IsActive: a.isActive,
  RowVersion: a.rowVersion,
});

/** What an article's change log records of it (the fields a person edits). */
const logged = (a: repo.ArticleRow) => ({
  ArticleNumber: a.articleNumber,
  Name: a.name,
  Description: a.description,
  Unit: a.unit,
  CostPrice: a.costPrice,
  SalesPrice: a.salesPrice,
  VatPercent: a.vatPercent,
  IsTimeArticle: a.isTimeArticle,
  IsStockItem: a.isStockItem,
  SupplierId: a.supplierId,
  SupplierArticleNumber: a.supplierArticleNumber,
  Ean: a.ean,
  ImagePath: a.imagePath,
  IsActive: a.isActive,
});

type CreateInput = z.output<typeof ArticleInput>;
type ChangeInput = z.output<typeof ArticleChangeInput>;

/** Articles (002 §7.3): the staff's search and list, one article with its stock, create and change. */
export class ArticleService {
  private readonly deps: { db: Db; files: FileStore };
  constructor(deps: { db: Db; files: FileStore }) {
    this.deps = deps;
  }

  /** The dropdown search: active articles by number or name, nothing under three characters. */
  async search(q: string | undefined) {
    const word = q?.trim() ?? '';
    if (word.length < ARTICLE_SEARCH_MIN) return [];
    const rows = await repo.listArticles(this.deps.db, { word }, { limit: SEARCH_LIMIT, offset: 0 });
    return rows.map(presentArticle);
  }

  async filtered(q: {
    Page: number;
    ItemsPerPage: number;
    SearchWord?: string | undefined;
    IncludeInactive: boolean;
    IsTimeArticle?: boolean | undefined;
  }) {
    const f = { word: q.SearchWord, includeInactive: q.IncludeInactive, isTimeArticle: q.IsTimeArticle };
    const page = { limit: q.ItemsPerPage, offset: offsetOf(q.Page, q.ItemsPerPage) };
    const [rows, count] = await Promise.all([
      repo.listArticles(this.deps.db, f, page),
      repo.countArticles(this.deps.db, f, JOB_COUNT_CAP),
    ]);
    return { Content: rows.map(presentArticle), TotalCount: boundedTotal(page, rows.length, count) };
  }

  async get(caller: Caller, number: string): Promise<ArticleDetail> {
    const row = await repo.findByNumber(this.deps.db, number);
    if (!row) throw recordNotFound(caller, 'object_article', number);
    return this.detail(caller, row);
  }

  private async detail(caller: Caller, row: repo.ArticleWithSupplier): Promise<ArticleDetail> {
    const lang = languageOf(caller.lang);
    const [stock, categories] = await Promise.all([
      repo.stockPerStore(this.deps.db, row.article.id),
      repo.categoriesOf(this.deps.db, row.article.id),
    ]);
    return {
      ...presentArticle(row),
      Stock: stock.map((s) => ({
        StoreId: s.storeId,
        StoreName: localName({ name: s.storeName, names: s.storeNames }, lang),
        StoreType: s.storeType,
        Quantity: Number(s.quantity),
      })),
      JobCategories: categories.map((c) => ({
        Id: c.id,
        JobCategoryId: c.jobCategoryId,
        Name: localName(c, lang),
        Quantity: Number(c.quantity),
      })),
    };
  }

  async create(caller: Caller, input: CreateInput, image: UploadedFile | null) {
    await this.checkSupplier(caller, this.deps.db, input.SupplierId);
    await this.checkNumberFree(caller, this.deps.db, input.ArticleNumber);
    const imagePath = image
      ? await this.deps.files.saveImage('articles', image.data, 'ImageFile', caller.lang)
      : null;
    let id: number;
    try {
      id = await this.refuseTwin(caller, input.ArticleNumber, () =>
        changeWithEvents(this.deps.db, async (tx, emit) => {
          const a = await repo.insertArticle(tx, {
            articleNumber: input.ArticleNumber,
            name: input.Name,
            description: input.Description,
            unit: input.Unit,
            costPrice: input.CostPrice,
            salesPrice: input.SalesPrice,
            vatPercent: input.VatPercent,
            isTimeArticle: input.IsTimeArticle,
            isStockItem: input.IsStockItem,
            supplierId: input.SupplierId ?? null,
            supplierArticleNumber: input.SupplierArticleNumber,
            ean: input.Ean,
            isActive: input.IsActive,
            imagePath,
          });
          await this.log(tx, emit, caller, a, 'New', created(logged(a)));
          return a.id;
        }),
      );
    } catch (err) {
      await this.deps.files.remove(imagePath);
      throw err;
    }
    return this.detail(caller, (await repo.findById(this.deps.db, id))!);
  }

  async change(caller: Caller, input: ChangeInput, image: UploadedFile | null) {
    const current = await repo.findRow(this.deps.db, input.Id);
    if (!current) throw recordNotFound(caller, 'object_article', input.Id);
    await this.checkSupplier(caller, this.deps.db, input.SupplierId);
    if (input.ArticleNumber !== undefined)
      await this.checkNumberFree(caller, this.deps.db, input.ArticleNumber, input.Id);
    const imagePath = image
      ? await this.deps.files.saveImage('articles', image.data, 'ImageFile', caller.lang)
      : null;
    const nextImage = imagePath ?? (input.RemoveImage ? null : current.imagePath);
    try {
      await this.refuseTwin(caller, input.ArticleNumber ?? current.articleNumber, () =>
        changeWithEvents(this.deps.db, async (tx, emit) => {
          const before = await repo.findRow(tx, input.Id, true);
          if (!before) throw recordNotFound(caller, 'object_article', input.Id);
          const saved = savedAt(
            caller,
            await repo.updateArticle(
              tx,
              input.Id,
              {
                articleNumber: input.ArticleNumber,
                name: input.Name,
                description: input.Description,
                unit: input.Unit,
                costPrice: input.CostPrice,
                salesPrice: input.SalesPrice,
                vatPercent: input.VatPercent,
                isTimeArticle: input.IsTimeArticle,
                isStockItem: input.IsStockItem,
                supplierId: input.SupplierId,
                supplierArticleNumber: input.SupplierArticleNumber,
                ean: input.Ean,
                isActive: input.IsActive,
                imagePath: nextImage,
              },
              input.RowVersion,
            ),
          );
          await this.log(tx, emit, caller, saved, 'Change', diff(logged(before), logged(saved)));
        }),
      );
    } catch (err) {
      await this.deps.files.remove(imagePath);
      throw err;
    }
    if (current.imagePath && current.imagePath !== nextImage) await this.deps.files.remove(current.imagePath);
    return this.detail(caller, (await repo.findById(this.deps.db, input.Id))!);
  }

  private async log(
    tx: Executor,
    emit: Emit,
    caller: Caller,
    a: repo.ArticleRow,
    action: 'New' | 'Change',
    changes: ReturnType<typeof diff>,
  ) {
    await insertChangeLog(tx, {
      entity: 'Article',
      entityId: a.id,
      action,
      customerId: null,
      articleId: a.id,
      description: `${a.articleNumber} ${a.name}`,
      changes,
      user: caller.user,
    });
    emit({
      entity: 'article',
      entityId: a.id,
      changeType: action,
      userId: caller.user.id,
      payload: { ArticleNumber: a.articleNumber },
    });
  }

  private async checkSupplier(caller: Caller, db: Executor, supplierId: number | null | undefined) {
    if (supplierId && !(await repo.supplierExists(db, supplierId)))
      throw fieldNotFound(caller, 'SupplierId', 'object_supplier', supplierId);
  }

  /** An article number is unique whatever its case (001 §5: 409 naming the holder). */
  private async checkNumberFree(caller: Caller, db: Executor, number: string, exceptId?: number) {
    const holder = await repo.findByNumber(db, number);
    if (holder && holder.article.id !== exceptId)
      throw alreadyInUse(
        caller,
        'ArticleNumber',
        number,
        `${holder.article.articleNumber} ${holder.article.name}`,
      );
  }

  /** The unique index is the guarantee: a concurrent twin gets the check's 409 all the same. */
  private refuseTwin<T>(caller: Caller, number: string, write: () => Promise<T>) {
    return refuseTwins(write, async () => {
      const holder = await repo.findByNumber(this.deps.db, number);
      return alreadyInUse(caller, 'ArticleNumber', number, holder ? holder.article.name : number);
    });
  }
}
