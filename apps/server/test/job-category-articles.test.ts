import type { JobCategoryArticle } from '@fieldport/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { eventLog, jobCategoryArticles } from '../src/db/schema/index.ts';
import { createArticle } from '../src/dev/factories/index.ts';
import { type Api, signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

const tag = () => Math.random().toString(36).slice(2, 8);

async function allWrites(db: Db) {
  const [c] = await db.select({ n: count() }).from(jobCategoryArticles);
  return { ...(await writes(db)), links: c?.n ?? 0 };
}

describe.each(engines)('job category articles on %s', (engine) => {
  const s = staffApp(engine);
  let customer: Api;
  let partner: Api;
  beforeAll(async () => {
    customer = (await signedInUser(s.t, 4)).api;
    partner = (await signedInUser(s.t, 5)).api;
  });
  const category = async () =>
    (await s.admin.put('JobCategory', { Name: `Service ${tag()}` })).json().Id as number;

  it('adds articles by number, lists them, changes a quantity and removes one', async () => {
    const id = await category();
    const a = await createArticle(s.t.db, { articleNumber: `A-${tag()}` });
    const b = await createArticle(s.t.db, { articleNumber: `B-${tag()}` });
    const added = await s.admin.post(`JobCategoryArticles/${id}`, [
      b.articleNumber.toLowerCase(),
      a.articleNumber,
    ]);
    expect(added.statusCode, added.body).toBe(200);
    const rows = added.json() as JobCategoryArticle[];
    expect(rows.map((r) => r.ArticleId)).toEqual([a.id, b.id]);
    expect(rows[0]).toEqual({
      Id: expect.any(Number),
      JobCategoryId: id,
      ArticleId: a.id,
      ArticleNumber: a.articleNumber,
      Name: a.name,
      Unit: a.unit,
      Quantity: 1,
      IsActive: true,
    });
    // Adding one again keeps the one there.
    expect(
      ((await s.admin.post(`JobCategoryArticles/${id}`, [a.articleNumber])).json() as unknown[]).length,
    ).toBe(2);

    const changed = await s.admin.put('JobCategoryArticles/', { Id: rows[0]!.Id, Quantity: 2.5 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ Id: rows[0]!.Id, Quantity: 2.5 });

    const list = await s.technician.get('JobCategoryArticles/Filtered', { JobCategoryId: String(id) });
    expect(list.json()).toMatchObject({
      Content: [{ ArticleId: a.id, Quantity: 2.5 }, { ArticleId: b.id }],
      TotalCount: 2,
    });
    const page = await s.technician.get('JobCategoryArticles/Filtered', {
      JobCategoryId: String(id),
      ItemsPerPage: '1',
      Page: '2',
    });
    expect(page.json()).toMatchObject({ Content: [{ ArticleId: b.id }], TotalCount: 2 });

    const removed = await s.admin.delete(`JobCategoryArticles/${rows[1]!.Id}`);
    expect(removed.json()).toEqual({ Id: rows[1]!.Id });
    expect(
      (await s.technician.get('JobCategoryArticles/Filtered', { JobCategoryId: String(id) })).json(),
    ).toMatchObject({ TotalCount: 1 });
    const events = await s.t.db.select().from(eventLog).where(eq(eventLog.entity, 'jobCategory'));
    expect(events.filter((e) => e.entityId === String(id) && e.changeType === 'Change').length).toBe(4);
  });

  it('refuses an unknown number, bad quantities and unknown records with nothing written', async () => {
    const id = await category();
    const a = await createArticle(s.t.db);
    const [link] = (
      await s.admin.post(`JobCategoryArticles/${id}`, [a.articleNumber])
    ).json() as JobCategoryArticle[];
    const before = await allWrites(s.t.db);
    const unknown = await s.admin.post(`JobCategoryArticles/${id}`, [a.articleNumber, 'NOPE-1']);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Message).toBe('No article with number NOPE-1.');
    expect((await s.admin.post(`JobCategoryArticles/${id}`, [])).statusCode).toBe(400);
    expect((await s.admin.post('JobCategoryArticles/999999', [a.articleNumber])).statusCode).toBe(404);
    const decimals = await s.admin.put('JobCategoryArticles/', { Id: link!.Id, Quantity: 1.0005 });
    expect(decimals.statusCode).toBe(400);
    expect((await s.admin.put('JobCategoryArticles/', { Id: link!.Id, Quantity: -1 })).statusCode).toBe(400);
    expect((await s.admin.put('JobCategoryArticles/', { Id: 999999, Quantity: 1 })).statusCode).toBe(404);
    expect((await s.admin.delete('JobCategoryArticles/999999')).statusCode).toBe(404);
    expect(
      (await s.technician.get('JobCategoryArticles/Filtered', { JobCategoryId: '999999' })).statusCode,
    ).toBe(404);
    expect((await s.technician.get('JobCategoryArticles/Filtered')).statusCode).toBe(400);
    expect(await allWrites(s.t.db)).toEqual(before);
  });

  it('lets only the Admin write and no customer or partner read', async () => {
    const id = await category();
    const a = await createArticle(s.t.db);
    expect((await s.technician.post(`JobCategoryArticles/${id}`, [a.articleNumber])).statusCode).toBe(403);
    expect((await s.technician.delete('JobCategoryArticles/1')).statusCode).toBe(403);
    for (const who of [customer, partner])
      expect((await who.get('JobCategoryArticles/Filtered', { JobCategoryId: String(id) })).statusCode).toBe(
        403,
      );
  });
});
