import type { CountDifference, StockMovement, StoreArticle } from '@fieldport/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { stockMovements } from '../src/db/schema/index.ts';
import { createArticle, createStore, stockArticle } from '../src/dev/factories/index.ts';
import { stockOf } from '../src/modules/stock/stock.repository.ts';
import { signedInUser, staffApp } from './api-client.ts';
import { engines } from './harness.ts';
import { stockWrites, tag } from './stock-support.ts';

type Page<T> = { Content: T[]; TotalCount: number };

describe.each(engines)('inventory: lookup, movements and counts on %s', (engine) => {
  const s = staffApp(engine, { name: 'Ivar Inventar' });

  it('looks stock up by article number or name across stores', async () => {
    const word = `Zylofan${tag()}`;
    const a = await createArticle(s.t.db, { name: `${word} filter` });
    const b = await createArticle(s.t.db, { name: `${word} gasket` });
    const one = await createStore(s.t.db, { name: `A ${tag()}` });
    const two = await createStore(s.t.db, { name: `B ${tag()}` });
    await stockArticle(s.t.db, one.id, a.id, '3', 'R1');
    await stockArticle(s.t.db, two.id, a.id, '1.25');
    await stockArticle(s.t.db, two.id, b.id, '7');
    const byName = (await s.technician.get(`Inventory/${word.toLowerCase()}`)).json() as StoreArticle[];
    // Per article (by article number), then per store.
    const first = a.articleNumber < b.articleNumber ? 'a' : 'b';
    const ofA = [
      [a.id, one.id, 3],
      [a.id, two.id, 1.25],
    ];
    const ofB = [[b.id, two.id, 7]];
    expect(byName.map((r) => [r.ArticleId, r.StoreId, r.Quantity])).toEqual(
      first === 'a' ? [...ofA, ...ofB] : [...ofB, ...ofA],
    );
    const byNumber = (await s.technician.get(`Inventory/${encodeURIComponent(b.articleNumber)}`)).json();
    expect(byNumber).toEqual([expect.objectContaining({ ArticleId: b.id, StoreId: two.id, Quantity: 7 })]);
    expect((await s.technician.get('Inventory/nothing-like-this-at-all')).json()).toEqual([]);
    expect((await (await signedInUser(s.t, 6)).api.get(`Inventory/${word}`)).statusCode).toBe(403);
  });

  it('counts a store: books exact differences as locked reason-4 movements and answers them', async () => {
    const store = await createStore(s.t.db, { name: `Count ${tag()}` });
    const [a, b, c, d] = [
      await createArticle(s.t.db),
      await createArticle(s.t.db),
      await createArticle(s.t.db),
      await createArticle(s.t.db),
    ] as const;
    await stockArticle(s.t.db, store.id, a.id, '10');
    await stockArticle(s.t.db, store.id, b.id, '2.5');
    await stockArticle(s.t.db, store.id, c.id, '4');
    const res = await s.admin.post('Inventory/Count', {
      StoreId: store.id,
      Lines: [
        { ArticleId: a.id, Counted: 8.999 },
        { ArticleId: b.id, Counted: '3,1' },
        { ArticleId: c.id, Counted: 4 },
        { ArticleId: d.id, Counted: 0.001 },
      ],
      Comment: 'Year end',
    });
    expect(res.statusCode, res.body).toBe(200);
    const diff = (res.json() as { Differences: CountDifference[] }).Differences;
    expect(diff.map((x) => [x.ArticleId, x.Before, x.Counted, x.Difference])).toEqual([
      [a.id, 10, 8.999, -1.001],
      [b.id, 2.5, 3.1, 0.6],
      [c.id, 4, 4, 0],
      [d.id, 0, 0.001, 0.001],
    ]);
    for (const [article, stock] of [
      [a, '8.999'],
      [b, '3.100'],
      [c, '4.000'],
      [d, '0.001'],
    ] as const)
      expect(await stockOf(s.t.db, store.id, article.id)).toBe(stock);
    const booked = await s.t.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.storeId, store.id), eq(stockMovements.reason, 4)));
    expect(booked.map((m) => [m.articleId, m.quantity, m.isLocked, m.comment]).sort()).toEqual(
      [
        [a.id, '-1.001', true, 'Year end'],
        [b.id, '0.600', true, 'Year end'],
        [d.id, '0.001', true, 'Year end'],
      ].sort(),
    );
  });

  it('refuses a bad count whole: negative, four decimals, an unknown article, another’s van', async () => {
    const store = await createStore(s.t.db, { name: `Bad ${tag()}` });
    const a = await createArticle(s.t.db);
    await stockArticle(s.t.db, store.id, a.id, '5');
    const before = await stockWrites(s.t.db);
    const count = (api: typeof s.admin, Lines: object[], StoreId = store.id) =>
      api.post('Inventory/Count', { StoreId, Lines });
    const bad = async (Lines: object[], field: string, message: string) => {
      const res = await count(s.admin, Lines);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Errors).toContainEqual({ Field: field, Message: message });
    };
    await bad([{ ArticleId: a.id, Counted: -1 }], 'Lines.0.Counted', 'Must be a valid number or decimal.');
    await bad([{ ArticleId: a.id, Counted: 1.0001 }], 'Lines.0.Counted', 'At most three decimals.');
    await bad(
      [
        { ArticleId: a.id, Counted: 1 },
        { ArticleId: 999999, Counted: 1 },
      ],
      'Lines[1].ArticleId',
      'No article with id 999999 was found.',
    );
    await bad(
      [
        { ArticleId: a.id, Counted: 1 },
        { ArticleId: a.id, Counted: 2 },
      ],
      'Lines',
      'Each article once.',
    );
    expect((await count(s.admin, [{ ArticleId: a.id, Counted: 1 }], 999999)).statusCode).toBe(400);
    expect((await count(s.technician, [{ ArticleId: a.id, Counted: 1 }])).statusCode).toBe(403);
    expect(await stockWrites(s.t.db)).toEqual(before);
    expect(await stockOf(s.t.db, store.id, a.id)).toBe('5.000');
  });

  it('lists movements newest first with reason, user and store; onlyLockedLines and filters', async () => {
    const store = await createStore(s.t.db, { name: `Moves ${tag()}` });
    const other = await createStore(s.t.db, { name: `Other ${tag()}` });
    const a = await createArticle(s.t.db);
    expect(
      (await s.admin.post('Store/ReceiveStock', { StoreId: store.id, ArticleId: a.id, Quantity: 5 }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await s.admin.post('Store/MoveStock', {
          FromStoreId: store.id,
          ToStoreId: other.id,
          ArticleId: a.id,
          Quantity: 2,
          Comment: 'To the other',
        })
      ).statusCode,
    ).toBe(200);
    await s.t.db
      .insert(stockMovements)
      .values({ storeId: store.id, articleId: a.id, quantity: '-1', reason: 2 });
    const page = (
      await s.technician.get('Inventory/Movements', { ArticleId: String(a.id) })
    ).json() as Page<StockMovement>;
    expect(page.TotalCount).toBe(4);
    expect(page.Content.map((m) => [m.StoreId, m.Quantity, m.Reason, m.IsLocked])).toEqual([
      [store.id, -1, 2, false],
      [other.id, 2, 5, true],
      [store.id, -2, 5, true],
      [store.id, 5, 1, true],
    ]);
    expect(page.Content[1]).toMatchObject({
      Comment: 'To the other',
      UserName: expect.any(String),
      StoreName: other.name,
    });
    expect(page.Content[1]!.CreatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const locked = (
      await s.technician.get('Inventory/Movements', {
        ArticleId: String(a.id),
        StoreId: String(store.id),
        onlyLockedLines: 'true',
        ItemsPerPage: '1',
      })
    ).json() as Page<StockMovement>;
    expect(locked.TotalCount).toBe(2);
    expect(locked.Content.map((m) => m.Quantity)).toEqual([-2]);
    const none = await s.technician.get('Inventory/Movements', {
      ArticleId: String(a.id),
      FromDate: '2999-01-01',
    });
    expect(none.json()).toEqual({ Content: [], TotalCount: 0 });
    expect((await s.technician.get('Inventory/Movements', { FromDate: '2026-13-01' })).statusCode).toBe(400);
  });
});
