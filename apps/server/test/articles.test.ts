import type { ArticleDetail } from '@fieldport/contract';
import { count, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { articles, eventLog } from '../src/db/schema/index.ts';
import { createArticle, createStore, createSupplier, stockArticle } from '../src/dev/factories/index.ts';
import { type Api, signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';
import { html } from './sample-files.ts';

const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

/** Writes of the article tables and the logs and events: a refused call adds to none. */
async function allWrites(db: Db) {
  const [a] = await db.select({ n: count() }).from(articles);
  return { ...(await writes(db)), articles: a?.n ?? 0 };
}

describe.each(engines)('articles on %s', (engine) => {
  const s = staffApp(engine);
  let png: Buffer;
  let subcontractor: Api;
  let customer: Api;
  let partner: Api;
  beforeAll(async () => {
    png = await QRCode.toBuffer('article', { type: 'png' });
    subcontractor = (await signedInUser(s.t, 3)).api;
    customer = (await signedInUser(s.t, 4)).api;
    partner = (await signedInUser(s.t, 5)).api;
  });

  const newArticle = (number: string, extra: object = {}) => ({
    ArticleNumber: number,
    Name: `Oil filter ${number}`,
    Unit: 'pcs',
    CostPrice: 120.5,
    SalesPrice: '199,90',
    VatPercent: 25,
    ...extra,
  });

  it('creates an article with an image, reads it by its number in any case, and lists and finds it', async () => {
    const supplier = await createSupplier(s.t.db);
    const number = `OF-${tag()}`;
    const res = await s.admin.multipart('POST', 'Article/', {
      Article: newArticle(number, { SupplierId: supplier.id, Ean: '7071234567890' }),
      ImageFile: { filename: 'filter.png', data: png, contentType: 'image/png' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as ArticleDetail;
    expect(a).toMatchObject({
      ArticleNumber: number,
      CostPrice: 120.5,
      SalesPrice: 199.9,
      VatPercent: 25,
      IsTimeArticle: false,
      IsStockItem: true,
      IsActive: true,
      Supplier: { Id: supplier.id, Name: supplier.name },
      Ean: '7071234567890',
      Stock: [],
      JobCategories: [],
      RowVersion: 1,
    });
    expect(a.ImagePath).toMatch(/^articles\/[0-9a-f-]+\.png$/);

    const read = await s.technician.get(`Article/${encodeURIComponent(number.toLowerCase())}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(a);

    const list = await s.technician.get('Article/Filtered', { SearchWord: number });
    expect(list.json()).toEqual({ Content: [expect.objectContaining({ Id: a.Id })], TotalCount: 1 });
    const found = await subcontractor.get('article/search', { q: number.slice(0, 5).toLowerCase() });
    expect(found.statusCode).toBe(200);
    expect((found.json() as { Id: number }[]).map((r) => r.Id)).toContain(a.Id);
    const root = await subcontractor.get('/api2/article/search', { q: number });
    expect(root.json()).toEqual([expect.objectContaining({ Id: a.Id })]);
    // Under three characters the search answers nothing.
    expect((await s.technician.get('article/search', { q: 'OF' })).json()).toEqual([]);

    const event = await s.t.db.select().from(eventLog).where(eq(eventLog.entity, 'article'));
    expect(event.some((e) => e.entityId === String(a.Id) && e.changeType === 'New')).toBe(true);
  });

  it('lists inactive articles on request and narrows to time articles', async () => {
    const word = `Zq${tag()}`;
    const part = await createArticle(s.t.db, { name: `${word} bearing` });
    const hour = await createArticle(s.t.db, {
      name: `${word} labour`,
      unit: 'h',
      isTimeArticle: true,
      isStockItem: false,
    });
    const old = await createArticle(s.t.db, { name: `${word} old seal`, isActive: false });
    const ids = async (query: Record<string, string>) =>
      (
        (await s.technician.get('Article/Filtered', { SearchWord: word, ...query })).json() as {
          Content: { Id: number }[];
          TotalCount: number;
        }
      ).Content.map((r) => r.Id);
    expect(await ids({})).toEqual([part.id, hour.id]);
    expect(await ids({ IncludeInactive: 'true' })).toEqual([part.id, hour.id, old.id]);
    expect(await ids({ IsTimeArticle: 'true' })).toEqual([hour.id]);
    expect(await ids({ IsTimeArticle: 'false' })).toEqual([part.id]);
    // Pages: the total of a page that is not full is exact.
    const page = await s.technician.get('Article/Filtered', {
      SearchWord: word,
      ItemsPerPage: '1',
      Page: '2',
    });
    expect(page.json()).toMatchObject({ Content: [{ Id: hour.id }], TotalCount: 2 });
    // The search leaves inactive ones out.
    const search = (await s.technician.get('article/search', { q: word })).json() as { Id: number }[];
    expect(search.map((r) => r.Id)).toEqual([part.id, hour.id]);
  });

  it('answers the stock per store and the job categories of an article', async () => {
    const a = await createArticle(s.t.db);
    const main = await createStore(s.t.db, { name: `Main ${tag()}` });
    const van = await createStore(s.t.db, { name: `Van ${tag()}`, storeType: 2 });
    await stockArticle(s.t.db, main.id, a.id, '12.500');
    await stockArticle(s.t.db, van.id, a.id, '2');
    const category = (await s.admin.put('JobCategory', { Name: `Service ${tag()}` })).json();
    expect((await s.admin.post(`JobCategoryArticles/${category.Id}`, [a.articleNumber])).statusCode).toBe(
      200,
    );
    const read = (await s.technician.get(`Article/${a.articleNumber}`)).json() as ArticleDetail;
    expect(read.Stock).toEqual([
      { StoreId: main.id, StoreName: main.name, StoreType: 1, Quantity: 12.5 },
      { StoreId: van.id, StoreName: van.name, StoreType: 2, Quantity: 2 },
    ]);
    expect(read.JobCategories).toEqual([
      { Id: expect.any(Number), JobCategoryId: category.Id, Name: category.Name, Quantity: 1 },
    ]);
  });

  it('changes an article with its row version, logs the change and refuses a stale save', async () => {
    const number = `BR-${tag()}`;
    const a = (
      await s.admin.multipart('POST', 'Article/', { Article: newArticle(number) })
    ).json() as ArticleDetail;
    const changed = await s.admin.multipart('PATCH', 'Article/', {
      Article: { Id: a.Id, SalesPrice: 249, Name: 'V-belt SPA 1250', RowVersion: a.RowVersion },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ SalesPrice: 249, Name: 'V-belt SPA 1250', RowVersion: 2 });

    const before = await allWrites(s.t.db);
    const stale = await s.admin.multipart('PATCH', 'Article/', {
      Article: { Id: a.Id, SalesPrice: 1, RowVersion: a.RowVersion },
    });
    expect(stale.statusCode).toBe(409);
    expect(await allWrites(s.t.db)).toEqual(before);

    const logs = await s.technician.get('Log/ArticleLogs/Filtered', { ArticleId: String(a.Id) });
    expect(logs.statusCode).toBe(200);
    const lines = logs.json().Content as { Action: string; Changes: { Field: string; NewValue: string }[] }[];
    expect(lines.map((l) => l.Action)).toEqual(['Change', 'New']);
    expect(lines[0]!.Changes).toEqual([
      { Field: 'Name', OldValue: `Oil filter ${number}`, NewValue: 'V-belt SPA 1250' },
      { Field: 'SalesPrice', OldValue: '199.90', NewValue: '249.00' },
    ]);
    expect(logs.json().TotalCount).toBe(2);
  });

  it('refuses a used number in any case, three decimals, an unknown supplier and a file that is no image', async () => {
    const number = `DUP-${tag()}`;
    const first = await s.admin.multipart('POST', 'Article/', { Article: newArticle(number) });
    expect(first.statusCode).toBe(200);
    const before = await allWrites(s.t.db);

    const twin = await s.admin.multipart('POST', 'Article/', { Article: newArticle(number.toLowerCase()) });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().Message).toBe(
      `${number.toLowerCase()} is already in use on ${number} Oil filter ${number}.`,
    );

    const renamed = await s.admin.multipart('POST', 'Article/', { Article: newArticle(`X-${tag()}`) });
    const taken = await s.admin.multipart('PATCH', 'Article/', {
      Article: { Id: renamed.json().Id, ArticleNumber: number.toLowerCase() },
    });
    expect(taken.statusCode).toBe(409);
    const afterRenamed = await allWrites(s.t.db);
    expect(afterRenamed.articles).toBe(before.articles + 1);

    const cents = await s.admin.multipart('POST', 'Article/', {
      Article: newArticle(`C-${tag()}`, { SalesPrice: 12.345 }),
    });
    expect(cents.statusCode).toBe(400);
    expect(cents.json().Errors).toContainEqual(expect.objectContaining({ Message: 'At most two decimals.' }));
    const supplier = await s.admin.multipart('POST', 'Article/', {
      Article: newArticle(`S-${tag()}`, { SupplierId: 999999 }),
    });
    expect(supplier.statusCode).toBe(400);
    const noImage = await s.admin.multipart('POST', 'Article/', {
      Article: newArticle(`I-${tag()}`),
      ImageFile: { filename: 'x.png', data: html(), contentType: 'image/png' },
    });
    expect(noImage.statusCode).toBe(400);
    const missing = await s.admin.multipart('POST', 'Article/', { Article: { Name: 'No number' } });
    expect(missing.statusCode).toBe(400);
    expect(await allWrites(s.t.db)).toEqual(afterRenamed);

    expect((await s.technician.get('Article/NO-SUCH-NUMBER')).statusCode).toBe(404);
  });

  it('is the staff’s alone: technicians read, only the Admin writes, customers and partners get nothing', async () => {
    const a = await createArticle(s.t.db);
    const body = { Article: newArticle(`P-${tag()}`) };
    expect((await s.technician.multipart('POST', 'Article/', body)).statusCode).toBe(403);
    expect((await s.technician.multipart('PATCH', 'Article/', { Article: { Id: a.id } })).statusCode).toBe(
      403,
    );
    expect((await subcontractor.get('Article/Filtered')).statusCode).toBe(403);
    // The article's documents (the resources tab): the staff's; anyone else finds no such article.
    const docs = await s.technician.get(`Article/${a.id}/Documents`);
    expect(docs.statusCode, docs.body).toBe(200);
    expect(docs.json()).toEqual([]);
    expect((await s.technician.get('Article/999999/Documents')).statusCode).toBe(404);
    for (const who of [customer, partner]) {
      expect((await who.get('article/search', { q: a.articleNumber })).statusCode).toBe(403);
      expect((await who.get('Article/Filtered')).statusCode).toBe(403);
      expect((await who.get(`Article/${a.articleNumber}`)).statusCode).toBe(403);
      expect((await who.get('Log/ArticleLogs/Filtered')).statusCode).toBe(403);
      expect((await who.get(`Article/${a.id}/Documents`)).statusCode).toBe(404);
    }
  });
});
