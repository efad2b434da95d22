import type { ArticleStockInStore, Store, StoreArticle } from '@fieldport/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventLog, stockMovements } from '../src/db/schema/index.ts';
import { seedDemoStock } from '../src/dev/demo-stock.ts';
import { createArticle, createStore, stockArticle } from '../src/dev/factories/index.ts';
import { stockOf } from '../src/modules/stock/stock.repository.ts';
import { signedInUser, staffApp } from './api-client.ts';
import { engines } from './harness.ts';
import { stockWrites, tag } from './stock-support.ts';
import { bearer, tokensOf } from './support.ts';

describe.each(engines)('stores, vans and moving stock on %s', (engine) => {
  const s = staffApp(engine, { name: 'Vera Varebil' });
  const van = () => createStore(s.t.db, { name: `Van ${tag()}`, storeType: 2, userId: s.technicianId });

  it('lists stores and vans with their drivers; customers and partners get 403', async () => {
    const main = await createStore(s.t.db, { name: `Main ${tag()}` });
    const mine = await van();
    const all = (await s.technician.get('Store/GetAll')).json() as Store[];
    expect(all).toContainEqual({
      Id: main.id,
      Name: main.name,
      StoreType: 1,
      UserId: null,
      UserName: null,
      AllowNegative: false,
      IsActive: true,
    });
    expect(all.find((x) => x.Id === mine.id)).toMatchObject({ StoreType: 2, UserName: 'Vera Varebil' });
    expect(all.findIndex((x) => x.Id === main.id)).toBeLessThan(all.findIndex((x) => x.Id === mine.id));
    for (const type of [4, 5, 6]) {
      const other = await signedInUser(s.t, type);
      expect((await other.api.get('Store/GetAll')).statusCode).toBe(403);
      expect((await other.api.get('Inventory/Movements')).statusCode).toBe(403);
    }
  });

  it('names the built-in main store in the reader’s language and the company’s own stores as named (issue 35.8)', async () => {
    const own = await createStore(s.t.db, { name: `Lager Nord ${tag()}` });
    const article = await createArticle(s.t.db);
    await stockArticle(s.t.db, 1, article.id, '4');
    const admin = await signedInUser(s.t, 1);
    const token = (await tokensOf(s.t.app, admin.user.email)).access_token;
    const read = async <T>(url: string, lang: string): Promise<T> => {
      const res = await s.t.app.inject({
        method: 'GET',
        url: `/api2/ServiceProvider/${url}`,
        headers: { ...bearer(token), 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as T;
    };
    for (const [lang, main] of [
      ['en', 'Main store'],
      ['no', 'Hovedlager'],
      ['sv', 'Huvudlager'],
      ['zh-CN', '主仓库'],
      ['zh-HK', '主倉庫'],
    ] as const) {
      const all = await read<Store[]>('Store/GetAll', lang);
      expect(all.find((x) => x.Id === 1)?.Name, lang).toBe(main);
      expect(all.find((x) => x.Id === own.id)?.Name, lang).toBe(own.name);
      const holding = await read<ArticleStockInStore[]>(
        `Store/GetStoresWithStock/${article.articleNumber}`,
        lang,
      );
      expect(holding.find((x) => x.StoreId === 1)?.StoreName, lang).toBe(main);
    }
  });

  it('answers the stores holding an article, the caller’s van first even when empty', async () => {
    const article = await createArticle(s.t.db);
    const full = await createStore(s.t.db, { name: `Full ${tag()}` });
    const empty = await createStore(s.t.db, { name: `Empty ${tag()}` });
    await stockArticle(s.t.db, full.id, article.id, '4.5', 'A-01');
    await stockArticle(s.t.db, empty.id, article.id, '0');
    const v = await signedInUser(s.t, 2);
    const ownVan = await createStore(s.t.db, { name: `Van ${tag()}`, storeType: 2, userId: v.user.id });
    const rows = (
      await v.api.get(`Store/GetStoresWithStock/${encodeURIComponent(article.articleNumber.toLowerCase())}`)
    ).json() as ArticleStockInStore[];
    expect(rows).toEqual([
      expect.objectContaining({ StoreId: ownVan.id, Quantity: 0, IsMine: true }),
      expect.objectContaining({ StoreId: full.id, Quantity: 4.5, Location: 'A-01', IsMine: false }),
    ]);
    const res = await v.api.get('Store/GetStoresWithStock/NO-SUCH-1');
    expect([res.statusCode, res.json().Message]).toEqual([404, 'No article with id NO-SUCH-1 was found.']);
  });

  it('pages and searches a store’s assortment; Store/Articles sets location and minimum', async () => {
    const store = await createStore(s.t.db, { name: `Shelf ${tag()}` });
    const a = await createArticle(s.t.db, { name: 'Drive belt XL' });
    const b = await createArticle(s.t.db, { name: 'Spark plug' });
    await stockArticle(s.t.db, store.id, a.id, '2');
    const set = await s.admin.post('Store/Articles', {
      StoreId: store.id,
      Articles: [
        { ArticleId: a.id, Location: 'B-12', MinQuantity: 1.5 },
        { ArticleId: b.id, MinQuantity: '2' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toHaveLength(2);
    const page = (
      await s.technician.get(`Store/StoreArticles/${store.id}`, { ItemsPerPage: '1' })
    ).json() as {
      Content: StoreArticle[];
      TotalCount: number;
    };
    expect(page.TotalCount).toBe(2);
    expect(page.Content).toHaveLength(1);
    const found = (await s.technician.get(`Store/StoreArticles/${store.id}`, { SearchWord: 'belt' })).json();
    expect(found).toEqual({
      TotalCount: 1,
      Content: [
        expect.objectContaining({ ArticleId: a.id, Quantity: 2, Location: 'B-12', MinQuantity: 1.5 }),
      ],
    });
    expect((await s.technician.get('Store/StoreArticles/999999')).statusCode).toBe(404);
    // A technician sets the assortment of their own van only.
    const before = await stockWrites(s.t.db);
    const refused = await s.technician.post('Store/Articles', {
      StoreId: store.id,
      Articles: [{ ArticleId: a.id }],
    });
    expect([refused.statusCode, refused.json().Message]).toEqual([
      403,
      'You may change the stock of your own van only.',
    ]);
    expect(await stockWrites(s.t.db)).toEqual(before);
  });

  it('receives stock as a reason-1 movement and refuses bad quantities, writing nothing', async () => {
    const store = await createStore(s.t.db, { name: `In ${tag()}` });
    const article = await createArticle(s.t.db);
    const ok = await s.admin.post('Store/ReceiveStock', {
      StoreId: store.id,
      ArticleId: article.id,
      Quantity: 2.125,
    });
    expect(ok.json()).toEqual({ StoreId: store.id, ArticleId: article.id, Balance: 2.125 });
    // The article's change event tells the stock screens (staff) to read again.
    const events = await s.t.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entity, 'article'), eq(eventLog.entityId, String(article.id))));
    expect(events.map((e) => [e.changeType, e.payload])).toEqual([['Change', { StoreId: store.id }]]);
    const before = await stockWrites(s.t.db);
    const bad = async (body: object, field: string, message: string) => {
      const res = await s.admin.post('Store/ReceiveStock', {
        StoreId: store.id,
        ArticleId: article.id,
        ...body,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().Errors).toContainEqual({ Field: field, Message: message });
    };
    await bad({ Quantity: -1 }, 'Quantity', 'Must be above zero.');
    await bad({ Quantity: 1.2345 }, 'Quantity', 'At most three decimals.');
    await bad({ Quantity: 1, ArticleId: 999999 }, 'ArticleId', 'No article with id 999999 was found.');
    await bad({ Quantity: 1, StoreId: 999999 }, 'StoreId', 'No store with id 999999 was found.');
    const service = await createArticle(s.t.db, { isStockItem: false });
    await bad(
      { Quantity: 1, ArticleId: service.id },
      'ArticleId',
      `${service.articleNumber} is not kept in stock.`,
    );
    expect(await stockWrites(s.t.db)).toEqual(before);
    // Receiving into a store is the Admin's; a technician books into their own van.
    expect(
      (
        await s.technician.post('Store/ReceiveStock', {
          StoreId: store.id,
          ArticleId: article.id,
          Quantity: 1,
        })
      ).statusCode,
    ).toBe(403);
    const mine = await van();
    expect(
      (
        await s.technician.post('Store/ReceiveStock', {
          StoreId: mine.id,
          ArticleId: article.id,
          Quantity: 1,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('moves stock between stores in one transaction; never below zero unless the store allows it', async () => {
    const main = await createStore(s.t.db, { name: `Main ${tag()}` });
    const loose = await createStore(s.t.db, { name: `Loose ${tag()}`, allowNegative: true });
    const mine = await van();
    const article = await createArticle(s.t.db, { unit: 'pcs' });
    await stockArticle(s.t.db, main.id, article.id, '3');
    const move = (api: typeof s.admin, from: number, to: number, Quantity: number | string) =>
      api.post('Store/MoveStock', { FromStoreId: from, ToStoreId: to, ArticleId: article.id, Quantity });

    const res = await move(s.technician, main.id, mine.id, 2);
    expect(res.json()).toEqual({ FromBalance: 1, ToBalance: 2 });
    const before = await stockWrites(s.t.db);
    const short = await move(s.technician, main.id, mine.id, 1.5);
    expect([short.statusCode, short.json().Message]).toEqual([
      409,
      `Only 1 pcs of ${article.articleNumber} in ${main.name}.`,
    ]);
    expect(await stockWrites(s.t.db)).toEqual(before);
    expect(await stockOf(s.t.db, mine.id, article.id)).toBe('2.000');
    expect((await move(s.technician, main.id, main.id, 1)).statusCode).toBe(400);

    // In the reader's language: the unit's text, not its code, and the built-in main store's name (issue 35.8).
    const few = await createArticle(s.t.db, { unit: 'pcs' });
    await stockArticle(s.t.db, 1, few.id, '1');
    for (const [lang, message] of [
      ['no', `Bare 1 stk av ${few.articleNumber} på Hovedlager.`],
      ['zh-CN', `主仓库 中 ${few.articleNumber} 仅剩 1 件。`],
      ['en', `Only 1 pcs of ${few.articleNumber} in Main store.`],
    ] as const) {
      const res = await s.t.app.inject({
        method: 'POST',
        url: '/api2/ServiceProvider/Store/MoveStock',
        headers: { ...s.admin.headers, 'accept-language': lang },
        payload: { FromStoreId: 1, ToStoreId: main.id, ArticleId: few.id, Quantity: 2 },
      });
      expect([res.statusCode, res.json().Message]).toEqual([409, message]);
    }

    // A store that allows negative stock gives what it does not hold.
    expect((await move(s.admin, loose.id, main.id, 5)).json()).toEqual({ FromBalance: -5, ToBalance: 6 });
  });

  it('a technician moves only out of or into their own van, never another’s', async () => {
    const main = await createStore(s.t.db, { name: `Main ${tag()}` });
    const mine = await van();
    const colleague = await signedInUser(s.t, 2);
    const theirs = await createStore(s.t.db, {
      name: `Van ${tag()}`,
      storeType: 2,
      userId: colleague.user.id,
    });
    const sub = await signedInUser(s.t, 3);
    const article = await createArticle(s.t.db);
    await stockArticle(s.t.db, main.id, article.id, '5');
    await stockArticle(s.t.db, theirs.id, article.id, '5');
    const move = (api: typeof s.admin, from: number, to: number) =>
      api.post('Store/MoveStock', { FromStoreId: from, ToStoreId: to, ArticleId: article.id, Quantity: 1 });
    const before = await stockWrites(s.t.db);
    for (const [from, to] of [
      [theirs.id, mine.id],
      [mine.id, theirs.id],
      [theirs.id, main.id],
      [main.id, theirs.id],
    ] as const)
      expect((await move(s.technician, from, to)).statusCode).toBe(403);
    expect((await move(sub.api, main.id, mine.id)).statusCode).toBe(403);
    expect(await stockWrites(s.t.db)).toEqual(before);
    expect((await move(colleague.api, theirs.id, main.id)).statusCode).toBe(200);
    expect((await move(s.admin, main.id, theirs.id)).statusCode).toBe(200);
    for (const type of [4, 5, 6]) {
      const other = await signedInUser(s.t, type);
      expect((await move(other.api, main.id, mine.id)).statusCode).toBe(403);
    }
  });
});

describe.each(engines)('the demo stock on %s', (engine) => {
  const s = staffApp(engine, { name: 'Dina Demo' });

  it('gives the stores and each technician’s van opening stock as received movements, skipping time articles', async () => {
    const parts = [await createArticle(s.t.db), await createArticle(s.t.db), await createArticle(s.t.db)];
    const hour = await createArticle(s.t.db, { isTimeArticle: true, isStockItem: false });
    await seedDemoStock(s.t.db);
    const all = (await s.admin.get('Store/GetAll')).json() as Store[];
    expect(all.filter((x) => x.StoreType === 1).map((x) => x.Name)).toEqual([
      'Main store',
      'Spare parts store',
    ]);
    expect(all.find((x) => x.UserId === s.technicianId)).toMatchObject({
      StoreType: 2,
      Name: 'Van – Dina Demo',
    });
    const moves = await s.t.db.select().from(stockMovements);
    expect(moves.every((m) => m.reason === 1 && Number(m.quantity) > 0)).toBe(true);
    expect(moves.some((m) => m.articleId === hour.id)).toBe(false);
    const main = all.find((x) => x.Name === 'Main store')!;
    for (const p of parts) expect(Number(await stockOf(s.t.db, main.Id, p.id))).toBeGreaterThan(0);
  });
});

describe.each(engines)('moves at the same time on %s', (engine) => {
  const s = staffApp(engine);

  it('moves of one article in opposite directions wait for each other: all booked, none lost', async () => {
    const one = await createStore(s.t.db, { name: `One ${tag()}` });
    const two = await createStore(s.t.db, { name: `Two ${tag()}` });
    const article = await createArticle(s.t.db);
    await stockArticle(s.t.db, one.id, article.id, '10');
    await stockArticle(s.t.db, two.id, article.id, '10');
    const move = (from: number, to: number) =>
      s.admin.post('Store/MoveStock', {
        FromStoreId: from,
        ToStoreId: to,
        ArticleId: article.id,
        Quantity: 1,
      });
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? move(one.id, two.id) : move(two.id, one.id))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await stockOf(s.t.db, one.id, article.id)).toBe('10.000');
    expect(await stockOf(s.t.db, two.id, article.id)).toBe('10.000');
  });
});
