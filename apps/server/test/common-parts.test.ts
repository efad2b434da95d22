import type { CommonPart } from '@fieldport/contract';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { commonParts, eventLog } from '../src/db/schema/index.ts';
import { createArticle, createMachineModel } from '../src/dev/factories/index.ts';
import { movedOrder } from '../src/modules/articles/common-parts.service.ts';
import { type Api, signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

async function allWrites(db: Db) {
  const [c] = await db.select({ n: count() }).from(commonParts);
  return { ...(await writes(db)), parts: c?.n ?? 0 };
}

const order = (parts: CommonPart[]) => parts.map((p) => [p.ArticleId, p.Position]);

describe('movedOrder', () => {
  it('puts the article at the place and closes up the others', () => {
    expect(movedOrder([1, 2, 3, 4], 4, 1)).toEqual([4, 1, 2, 3]);
    expect(movedOrder([1, 2, 3, 4], 1, 3)).toEqual([2, 3, 1, 4]);
    expect(movedOrder([1, 2, 3, 4], 2, 99)).toEqual([1, 3, 4, 2]);
  });
});

describe.each(engines)('common parts on %s', (engine) => {
  const s = staffApp(engine);
  let customer: Api;
  let partner: Api;
  beforeAll(async () => {
    customer = (await signedInUser(s.t, 4)).api;
    partner = (await signedInUser(s.t, 5)).api;
  });

  it('adds by number or id with quantities, reads the list in order, moves and removes', async () => {
    const model = await createMachineModel(s.t.db);
    const [a, b, c] = [await createArticle(s.t.db), await createArticle(s.t.db), await createArticle(s.t.db)];
    const added = await s.admin.post(`CommonParts/${model.id}`, [
      { ArticleNumber: a.articleNumber.toLowerCase(), Quantity: 2 },
      { ArticleId: b.id, Quantity: '1,5' },
      { ArticleId: c.id },
    ]);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual([
      {
        MachineModelId: model.id,
        ArticleId: a.id,
        ArticleNumber: a.articleNumber,
        Name: a.name,
        Unit: a.unit,
        Quantity: 2,
        Position: 1,
        IsActive: true,
      },
      expect.objectContaining({ ArticleId: b.id, Quantity: 1.5, Position: 2 }),
      expect.objectContaining({ ArticleId: c.id, Quantity: 1, Position: 3 }),
    ]);
    // One already on the list gets the new quantity and keeps its place.
    const again = await s.admin.post(`CommonParts/${model.id}`, [{ ArticleId: a.id, Quantity: 4 }]);
    expect(again.json()[0]).toMatchObject({ ArticleId: a.id, Quantity: 4, Position: 1 });

    const moved = await s.admin.put(`CommonParts/${model.id}/Move?articleId=${c.id}&position=1`);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(order(moved.json())).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    expect(order((await s.technician.get(`CommonParts/${model.id}`)).json())).toEqual(order(moved.json()));

    const removed = await s.admin.delete(`CommonParts/${model.id}/Article/${a.id}`);
    expect(order(removed.json())).toEqual([
      [c.id, 1],
      [b.id, 2],
    ]);
    const filtered = await s.technician.get('CommonParts/Filtered', { MachineModelId: String(model.id) });
    expect(filtered.json()).toMatchObject({
      Content: [{ ArticleId: c.id }, { ArticleId: b.id }],
      TotalCount: 2,
    });
    const searched = await s.technician.get('CommonParts/Filtered', {
      MachineModelId: String(model.id),
      SearchWord: b.articleNumber,
    });
    expect(searched.json()).toMatchObject({ Content: [{ ArticleId: b.id }], TotalCount: 1 });

    const events = await s.t.db.select().from(eventLog).where(eq(eventLog.entity, 'machineModel'));
    expect(events.filter((e) => e.entityId === String(model.id)).length).toBe(4);
  });

  it('refuses unknown articles, models and bad quantities with nothing written', async () => {
    const model = await createMachineModel(s.t.db);
    const a = await createArticle(s.t.db);
    const before = await allWrites(s.t.db);
    const unknown = await s.admin.post(`CommonParts/${model.id}`, [
      { ArticleId: a.id },
      { ArticleNumber: 'NO-SUCH-PART' },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().Message).toBe('No article with number NO-SUCH-PART.');
    expect((await s.admin.post(`CommonParts/${model.id}`, [{ ArticleId: 999999 }])).statusCode).toBe(400);
    const decimals = await s.admin.post(`CommonParts/${model.id}`, [{ ArticleId: a.id, Quantity: 1.2345 }]);
    expect(decimals.statusCode).toBe(400);
    expect(decimals.json().Errors).toContainEqual(
      expect.objectContaining({ Message: 'At most three decimals.' }),
    );
    expect(
      (await s.admin.post(`CommonParts/${model.id}`, [{ ArticleId: a.id, Quantity: 0 }])).statusCode,
    ).toBe(400);
    expect((await s.admin.post(`CommonParts/${model.id}`, [{ Quantity: 1 }])).statusCode).toBe(400);
    expect((await s.admin.post('CommonParts/999999', [{ ArticleId: a.id }])).statusCode).toBe(404);
    expect((await s.admin.put(`CommonParts/${model.id}/Move?articleId=${a.id}&position=1`)).statusCode).toBe(
      404,
    );
    expect((await s.admin.put(`CommonParts/${model.id}/Move?articleId=${a.id}&position=0`)).statusCode).toBe(
      400,
    );
    expect((await s.admin.delete(`CommonParts/${model.id}/Article/${a.id}`)).statusCode).toBe(404);
    expect((await s.technician.get('CommonParts/999999')).statusCode).toBe(404);
    expect(await allWrites(s.t.db)).toEqual(before);
  });

  it('lets technicians read only and customers and partners nothing', async () => {
    const model = await createMachineModel(s.t.db);
    const a = await createArticle(s.t.db);
    expect((await s.technician.post(`CommonParts/${model.id}`, [{ ArticleId: a.id }])).statusCode).toBe(403);
    expect(
      (await s.technician.put(`CommonParts/${model.id}/Move?articleId=${a.id}&position=1`)).statusCode,
    ).toBe(403);
    for (const who of [customer, partner]) {
      expect((await who.get(`CommonParts/${model.id}`)).statusCode).toBe(403);
      expect((await who.get('CommonParts/Filtered')).statusCode).toBe(403);
    }
  });
});
