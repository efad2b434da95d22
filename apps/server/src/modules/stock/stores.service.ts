import {
  type ArticleStockInStore,
  type Language,
  languageOf,
  localName,
  type PickingLine,
  quantityDifference,
  type Store,
  StoreType,
  stillNeeded,
  sumQuantities,
  toLocalDateTime,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound } from '../common/errors.ts';
import { JsonText } from '../common/json-text.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import * as movements from './movements.repository.ts';
import * as picking from './picking.repository.ts';
import { num, presentCommonPart, presentMovement, presentStoreArticle, storeName } from './stock-present.ts';
import * as repo from './stores.repository.ts';

const LOOKUP_ARTICLES = 50;
const DAY = 24 * 60 * 60 * 1000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);

/**
 * The reads of stores and stock (002 §7.17): every store and van, who holds an article, a store's
 * assortment, the stock lookup, the movements, a model's common parts against the caller's van and the
 * picking list of the caller's planned jobs. Staff only (the routes' access); all staff read all stores.
 */
export class StoresService {
  private readonly deps: { db: Db; settings: SettingsService; clock: Clock };
  constructor(deps: { db: Db; settings: SettingsService; clock: Clock }) {
    this.deps = deps;
  }

  /** Every store and van, as the database writes them (decision 103: 2,000 vans at a large company). */
  async all(lang: Language): Promise<JsonText<Store[]>> {
    return new JsonText(await repo.storesAnswer(this.deps.db, lang));
  }

  async withStock(caller: Caller, articleNumber: string): Promise<ArticleStockInStore[]> {
    const article = await repo.findArticleByNumber(this.deps.db, articleNumber);
    if (!article) throw recordNotFound(caller, 'object_stock_article', articleNumber);
    const van = await repo.vanOf(this.deps.db, caller.user.id);
    const rows = await repo.storesWithStock(this.deps.db, article.id, van?.id ?? null);
    const present = (r: repo.StoreStockRow): ArticleStockInStore => ({
      StoreId: r.storeId,
      StoreName: storeName(r, languageOf(caller.lang)),
      StoreType: r.storeType,
      UserId: r.userId,
      ArticleId: article.id,
      Quantity: num(r.quantity),
      Location: r.location,
      IsMine: r.storeId === van?.id,
    });
    const mine = rows.filter((r) => r.storeId === van?.id).map(present);
    if (van && mine.length === 0)
      mine.push({
        StoreId: van.id,
        StoreName: localName(van, languageOf(caller.lang)),
        StoreType: StoreType.Van,
        UserId: caller.user.id,
        ArticleId: article.id,
        Quantity: 0,
        Location: '',
        IsMine: true,
      });
    return [...mine, ...rows.filter((r) => r.storeId !== van?.id).map(present)];
  }

  async storeArticles(
    caller: Caller,
    storeId: number,
    q: { Page: number; ItemsPerPage: number; SearchWord?: string | undefined },
  ) {
    if (!(await repo.findStore(this.deps.db, storeId))) throw recordNotFound(caller, 'object_store', storeId);
    const { rows, total } = await repo.storeArticlesPage(this.deps.db, storeId, q.SearchWord, {
      page: q.Page,
      perPage: q.ItemsPerPage,
    });
    return { Content: rows.map((r) => presentStoreArticle(r, languageOf(caller.lang))), TotalCount: total };
  }

  async lookup(lang: Language, query: string) {
    return (await repo.stockLookup(this.deps.db, query.trim(), LOOKUP_ARTICLES)).map((r) =>
      presentStoreArticle(r, lang),
    );
  }

  async movements(
    lang: Language,
    q: {
      onlyLockedLines: boolean;
      StoreId?: number | undefined;
      ArticleId?: number | undefined;
      FromDate?: string | undefined;
      ToDate?: string | undefined;
      Page: number;
      ItemsPerPage: number;
    },
  ) {
    const { TimeZone } = await this.deps.settings.global();
    const { rows, total } = await movements.movementsPage(
      this.deps.db,
      {
        onlyLocked: q.onlyLockedLines,
        storeId: q.StoreId,
        articleId: q.ArticleId,
        from: q.FromDate,
        to: q.ToDate,
      },
      { page: q.Page, perPage: q.ItemsPerPage },
      TimeZone,
    );
    return { Content: rows.map((r) => presentMovement(r, lang)), TotalCount: total };
  }

  async commonPartsOfModel(caller: Caller, modelId: number) {
    if (!(await picking.machineModelExists(this.deps.db, modelId)))
      throw recordNotFound(caller, 'object_machine_model', modelId);
    const van = await repo.vanOf(this.deps.db, caller.user.id);
    return (await picking.commonPartsOfModel(this.deps.db, modelId, van?.id ?? null)).map(presentCommonPart);
  }

  async commonPartsOfMachineJob(caller: Caller, jobId: number) {
    const job = await picking.modelOfMachineJob(this.deps.db, jobId);
    if (!job) throw recordNotFound(caller, 'object_machine_job', jobId);
    if (job.modelId === null) return [];
    const van = await repo.vanOf(this.deps.db, caller.user.id);
    return (await picking.commonPartsOfModel(this.deps.db, job.modelId, van?.id ?? null)).map(
      presentCommonPart,
    );
  }

  /**
   * The picking list: the common parts of the machines on the caller's jobs planned from today for
   * `days` days, summed per article, against what the caller's van holds.
   */
  async pickingList(caller: Caller, days: number): Promise<PickingLine[]> {
    const { TimeZone } = await this.deps.settings.global();
    const today = toLocalDateTime(this.deps.clock.now(), TimeZone).slice(0, 10);
    const rows = await picking.partsForPlannedJobs(this.deps.db, caller.user.id, today, addDays(today, days));
    const byArticle = new Map<number, typeof rows>();
    for (const r of rows) byArticle.set(r.articleId, [...(byArticle.get(r.articleId) ?? []), r]);
    const van = await repo.vanOf(this.deps.db, caller.user.id);
    const ids = [...byArticle.keys()];
    const held = van ? await repo.balances(this.deps.db, van.id, ids) : new Map<number, string>();
    const places = van
      ? new Map((await repo.storeArticlesOf(this.deps.db, van.id, ids)).map((a) => [a.articleId, a.location]))
      : new Map<number, string>();
    return [...byArticle.values()].map((lines) => {
      const first = lines[0]!;
      const needed = sumQuantities(lines.map((l) => l.quantity));
      const inVan = held.get(first.articleId) ?? '0';
      return {
        ArticleId: first.articleId,
        ArticleNumber: first.articleNumber,
        ArticleName: first.articleName,
        Unit: first.unit,
        Needed: num(needed),
        InVan: num(quantityDifference(inVan, '0')),
        ToPick: num(stillNeeded(needed, inVan)),
        Location: places.get(first.articleId) ?? '',
        Jobs: lines.map((l) => ({
          JobId: l.jobId,
          ParentJobId: l.parentJobId ?? l.jobId,
          OrderId: l.orderId,
          DisplayName: l.displayName,
          MachineName: l.machineName,
          Date: l.day,
          Quantity: num(l.quantity),
        })),
      };
    });
  }
}
