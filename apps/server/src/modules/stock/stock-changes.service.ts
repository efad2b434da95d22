import {
  type CountDifference,
  type LocalNames,
  languageOf,
  localName,
  negated,
  quantityDifference,
  unitInLanguage,
} from '@fieldport/contract';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import type { Tx } from '../common/db.ts';
import { fieldNotFound, fieldRefusal, forbidden, translatedRefusal } from '../common/errors.ts';
import { changeWithEvents, type Emit } from '../common/outbox.ts';
import { mayChangeStore, mayMove } from './stock.policy.ts';
import { moveStock, type StockChange, StockReason } from './stock.repository.ts';
import { num, presentStoreArticle } from './stock-present.ts';
import * as repo from './stores.repository.ts';

const notYourVan = () => forbidden('stock_not_your_van');

/**
 * The changes of stock beyond the job lines (issue 14): goods received (reason 1), moves between
 * stores (reason 5, both ends in one transaction), an inventory count (reason 4, locked), and the
 * assortment. Each goes through moveStock; a refused take rolls the whole change back (409). Each
 * stock change announces the article's change event (staff only; the article's stock changed).
 */
export class StockChangesService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  private async store(caller: Caller, field: string, id: number) {
    const store = await repo.findStore(this.db, id);
    if (!store) throw fieldNotFound(caller, field, 'object_store', id);
    if (!store.isActive)
      throw fieldRefusal(caller, field, 'stock_store_inactive', {
        store: localName(store, languageOf(caller.lang)),
      });
    return store;
  }

  private async stockArticles(caller: Caller, ids: readonly number[], field: (i: number) => string) {
    const found = new Map((await repo.findArticles(this.db, ids)).map((a) => [a.id, a]));
    ids.forEach((id, i) => {
      const article = found.get(id);
      if (!article) throw fieldNotFound(caller, field(i), 'object_stock_article', id);
      if (!article.isStockItem || article.isTimeArticle)
        throw fieldRefusal(caller, field(i), 'stock_not_stock_item', { article: article.articleNumber });
    });
    return found;
  }

  /** One movement, or the 409 of a take beyond stock (the transaction is rolled back). */
  private async move(
    caller: Caller,
    tx: Tx,
    emit: Emit,
    change: StockChange,
    names: { article: string; unit: string; store: { name: string; names: LocalNames } },
  ) {
    const result = await moveStock(tx, { ...change, userId: caller.user.id });
    if (!result.ok)
      throw translatedRefusal(caller.lang, 409, 'stock_short', {
        article: names.article,
        // The unit and the store in the reader's language (decision 078): "stk", "Hovedlager".
        unit: unitInLanguage(names.unit, languageOf(caller.lang)),
        store: localName(names.store, languageOf(caller.lang)),
        available: num(result.available),
      });
    emit({
      entity: 'article',
      entityId: change.articleId,
      changeType: 'Change',
      userId: caller.user.id,
      payload: { StoreId: change.storeId },
    });
    return result.balance;
  }

  async receive(
    caller: Caller,
    input: { StoreId: number; ArticleId: number; Quantity: string; Comment: string },
  ) {
    const store = await this.store(caller, 'StoreId', input.StoreId);
    if (!mayChangeStore(caller.user, store)) throw notYourVan();
    const article = (await this.stockArticles(caller, [input.ArticleId], () => 'ArticleId')).get(
      input.ArticleId,
    )!;
    const balance = await changeWithEvents(this.db, (tx, emit) =>
      this.move(
        caller,
        tx,
        emit,
        {
          storeId: store.id,
          articleId: article.id,
          quantity: input.Quantity,
          reason: StockReason.Received,
          comment: input.Comment,
          isLocked: true,
        },
        { article: article.articleNumber, unit: article.unit, store },
      ),
    );
    return { StoreId: store.id, ArticleId: article.id, Balance: num(balance) };
  }

  async moveBetween(
    caller: Caller,
    input: { FromStoreId: number; ToStoreId: number; ArticleId: number; Quantity: string; Comment: string },
  ) {
    if (input.FromStoreId === input.ToStoreId) throw fieldRefusal(caller, 'ToStoreId', 'stock_same_store');
    const from = await this.store(caller, 'FromStoreId', input.FromStoreId);
    const to = await this.store(caller, 'ToStoreId', input.ToStoreId);
    if (!mayMove(caller.user, from, to)) throw notYourVan();
    const article = (await this.stockArticles(caller, [input.ArticleId], () => 'ArticleId')).get(
      input.ArticleId,
    )!;
    const names = (store: { name: string; names: LocalNames }) => ({
      article: article.articleNumber,
      unit: article.unit,
      store,
    });
    const common = {
      articleId: article.id,
      reason: StockReason.Moved,
      comment: input.Comment,
      isLocked: true,
    };
    return changeWithEvents(this.db, async (tx, emit) => {
      await repo.lockArticleInStores(tx, [from.id, to.id], article.id);
      const out = await this.move(
        caller,
        tx,
        emit,
        { ...common, storeId: from.id, quantity: negated(input.Quantity) },
        names(from),
      );
      const into = await this.move(
        caller,
        tx,
        emit,
        { ...common, storeId: to.id, quantity: input.Quantity },
        names(to),
      );
      return { FromBalance: num(out), ToBalance: num(into) };
    });
  }

  /**
   * An inventory count: each counted article's balance is read under its lock and the difference
   * booked as a locked reason-4 movement; articles counted as they stand book nothing.
   */
  async count(
    caller: Caller,
    input: { StoreId: number; Lines: { ArticleId: number; Counted: string }[]; Comment: string },
  ) {
    const store = await this.store(caller, 'StoreId', input.StoreId);
    if (!mayChangeStore(caller.user, store)) throw notYourVan();
    const ids = input.Lines.map((l) => l.ArticleId);
    const articles = await this.stockArticles(caller, ids, (i) => `Lines[${i}].ArticleId`);
    const differences = await changeWithEvents(this.db, async (tx, emit) => {
      await repo.lockAssortment(tx, store.id, ids);
      const before = await repo.balances(tx, store.id, ids);
      const out: CountDifference[] = [];
      for (const line of input.Lines) {
        const article = articles.get(line.ArticleId)!;
        const was = before.get(line.ArticleId) ?? '0.000';
        const difference = quantityDifference(line.Counted, was);
        if (Number(difference) !== 0)
          await this.move(
            caller,
            tx,
            emit,
            {
              storeId: store.id,
              articleId: article.id,
              quantity: difference,
              reason: StockReason.Counted,
              comment: input.Comment,
              isLocked: true,
            },
            { article: article.articleNumber, unit: article.unit, store },
          );
        out.push({
          ArticleId: article.id,
          ArticleNumber: article.articleNumber,
          ArticleName: article.name,
          Before: num(was),
          Counted: num(line.Counted),
          Difference: num(difference),
        });
      }
      return out;
    });
    return { StoreId: store.id, Differences: differences };
  }

  async setAssortment(
    caller: Caller,
    input: {
      StoreId: number;
      Articles: { ArticleId: number; Location?: string | undefined; MinQuantity?: string | undefined }[];
    },
  ) {
    const store = await this.store(caller, 'StoreId', input.StoreId);
    if (!mayChangeStore(caller.user, store)) throw notYourVan();
    const ids = input.Articles.map((a) => a.ArticleId);
    await this.stockArticles(caller, ids, (i) => `Articles[${i}].ArticleId`);
    await changeWithEvents(this.db, async (tx, emit) => {
      await repo.upsertStoreArticles(
        tx,
        store.id,
        input.Articles.map((a) => ({
          articleId: a.ArticleId,
          location: a.Location,
          minQuantity: a.MinQuantity,
        })),
      );
      for (const id of new Set(ids))
        emit({
          entity: 'article',
          entityId: id,
          changeType: 'Change',
          userId: caller.user.id,
          payload: { StoreId: store.id },
        });
    });
    return (await repo.storeArticlesOf(this.db, store.id, ids)).map((r) =>
      presentStoreArticle(r, languageOf(caller.lang)),
    );
  }
}
