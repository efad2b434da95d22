import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { stockMovements } from '../src/db/schema/index.ts';
import { createArticle, createStore, stockArticle } from '../src/dev/factories/index.ts';
import { moveStock, StockReason, stockOf } from '../src/modules/stock/stock.repository.ts';
import { engines, openTestDatabase } from './harness.ts';

describe.each(engines)('stock as the sum of its movements, on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
  });
  afterAll(() => database.close());

  it('books a take within stock as a movement and refuses one beyond it, writing nothing', async () => {
    const { db } = database;
    const article = await createArticle(db);
    const van = await createStore(db, { storeType: 2 });
    await stockArticle(db, van.id, article.id, '3');
    const take = (quantity: string) =>
      db.transaction((tx) =>
        moveStock(tx, { storeId: van.id, articleId: article.id, quantity, reason: StockReason.UsedOnJob }),
      );
    expect(await take('-2.5')).toEqual({ ok: true, balance: '0.500' });
    expect(await take('-1')).toEqual({ ok: false, available: '0.500' });
    expect(await stockOf(db, van.id, article.id)).toBe('0.500');
    expect(await db.$count(stockMovements, undefined)).toBeGreaterThanOrEqual(2);
  });

  it('lets a store that allows it go below zero', async () => {
    const { db } = database;
    const article = await createArticle(db);
    const store = await createStore(db, { allowNegative: true });
    const result = await db.transaction((tx) =>
      moveStock(tx, {
        storeId: store.id,
        articleId: article.id,
        quantity: '-4',
        reason: StockReason.UsedOnJob,
      }),
    );
    expect(result).toEqual({ ok: true, balance: '-4.000' });
  });

  it('of two takes of the last unit at once, one succeeds and one is refused', async () => {
    const { db } = database;
    const article = await createArticle(db);
    const van = await createStore(db, { storeType: 2 });
    await stockArticle(db, van.id, article.id, '1');
    const take = () =>
      db.transaction((tx) =>
        moveStock(tx, {
          storeId: van.id,
          articleId: article.id,
          quantity: '-1',
          reason: StockReason.UsedOnJob,
        }),
      );
    const results = await Promise.all([take(), take()]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, available: '0.000' }]);
    expect(await stockOf(db, van.id, article.id)).toBe('0.000');
  });
});
