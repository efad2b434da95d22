import type { MyCommonPart, PickingLine } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { commonParts } from '../src/db/schema/index.ts';
import {
  addDays,
  atMinutes,
  createAppointment,
  createArticle,
  createJob,
  createMachine,
  createMachineModel,
  createStore,
  createUser,
  stockArticle,
  wallClock,
} from '../src/dev/factories/index.ts';
import { signedInUser, staffApp } from './api-client.ts';
import { engines } from './harness.ts';
import { tag } from './stock-support.ts';

describe.each(engines)('the picking list and common parts against the van on %s', (engine) => {
  const s = staffApp(engine);
  const today = wallClock(new Date()).date;

  /** A model with common parts: a filter (2 each), a belt (1) and an hour (a time article, never picked). */
  async function modelWithParts() {
    const model = await createMachineModel(s.t.db, { name: `Model ${tag()}` });
    const filter = await createArticle(s.t.db, { name: 'Oil filter' });
    const belt = await createArticle(s.t.db, { name: 'Drive belt' });
    const hour = await createArticle(s.t.db, { name: 'Labour', isTimeArticle: true, isStockItem: false });
    await s.t.db.insert(commonParts).values([
      { machineModelId: model.id, articleId: filter.id, position: 1, quantity: '2' },
      { machineModelId: model.id, articleId: belt.id, position: 2, quantity: '1' },
      { machineModelId: model.id, articleId: hour.id, position: 3, quantity: '1.5' },
    ]);
    return { model, filter, belt, hour };
  }
  /** A job with `n` machines of the model, planned for `user` on today + `day`. */
  async function plannedJob(modelId: number, userId: number, day: number, n = 1) {
    const machines = [];
    for (let i = 0; i < n; i++) machines.push(await createMachine(s.t.db, { machineModelId: modelId }));
    const job = await createJob(s.t.db, { machines });
    const date = addDays(today, day);
    await createAppointment(s.t.db, {
      jobId: job.id,
      startTime: atMinutes(date, 8 * 60),
      endTime: atMinutes(date, 10 * 60),
      participants: [userId],
    });
    return job;
  }

  it('sums the common parts of the caller’s planned jobs per article, less what the van holds', async () => {
    const tech = await signedInUser(s.t, 2);
    const van = await createStore(s.t.db, { name: `Van ${tag()}`, storeType: 2, userId: tech.user.id });
    const { model, filter, belt } = await modelWithParts();
    await stockArticle(s.t.db, van.id, filter.id, '1.5', 'Drawer 2');
    await stockArticle(s.t.db, van.id, belt.id, '4');
    const first = await plannedJob(model.id, tech.user.id, 0, 2);
    const second = await plannedJob(model.id, tech.user.id, 3);
    // Planned twice: counted once, on its first day (tomorrow).
    await createAppointment(s.t.db, { jobId: second.id, participants: [tech.user.id] });
    await plannedJob(model.id, tech.user.id, 9); // beyond the default 7 days
    await plannedJob(model.id, (await createUser(s.t.db, { userTypeId: 2 })).id, 1); // someone else's
    await plannedJob(model.id, tech.user.id, -1); // yesterday's

    const list = (await tech.api.get('Store/CommontPartsForMyJobs/')).json() as PickingLine[];
    const byId = new Map(list.map((l) => [l.ArticleId, l]));
    expect(list).toHaveLength(2);
    expect(byId.get(filter.id)).toMatchObject({ Needed: 6, InVan: 1.5, ToPick: 4.5, Location: 'Drawer 2' });
    expect(byId.get(belt.id)).toMatchObject({ Needed: 3, InVan: 4, ToPick: 0 });
    expect(byId.get(filter.id)!.Jobs).toEqual([
      expect.objectContaining({
        ParentJobId: first.id,
        JobId: first.subJobs[0]!.id,
        Date: today,
        Quantity: 2,
      }),
      expect.objectContaining({
        ParentJobId: first.id,
        JobId: first.subJobs[1]!.id,
        Date: today,
        Quantity: 2,
      }),
      expect.objectContaining({ ParentJobId: second.id, Date: addDays(today, 1), Quantity: 2 }),
    ]);
    const longer = (
      await tech.api.get('Store/CommontPartsForMyJobs/', { Days: '10' })
    ).json() as PickingLine[];
    expect(longer.find((l) => l.ArticleId === filter.id)).toMatchObject({ Needed: 8, ToPick: 6.5 });
    expect((await tech.api.get('Store/CommontPartsForMyJobs/', { Days: '0' })).statusCode).toBe(400);
    // Without a van everything is to pick; with no planned jobs the list is empty.
    expect((await s.admin.get('Store/CommontPartsForMyJobs/')).json()).toEqual([]);
    for (const type of [4, 5, 6])
      expect((await (await signedInUser(s.t, type)).api.get('Store/CommontPartsForMyJobs/')).statusCode).toBe(
        403,
      );
  });

  it('answers a model’s and a machine sub-job’s common parts with the caller’s van stock', async () => {
    const tech = await signedInUser(s.t, 2);
    const van = await createStore(s.t.db, { name: `Van ${tag()}`, storeType: 2, userId: tech.user.id });
    const { model, filter, belt, hour } = await modelWithParts();
    await stockArticle(s.t.db, van.id, belt.id, '2', 'Roof box');
    const parts = (await tech.api.get(`parts/my-common-machinemodel/${model.id}`)).json() as MyCommonPart[];
    expect(parts.map((p) => [p.ArticleId, p.Quantity, p.Position, p.InVan, p.Location])).toEqual([
      [filter.id, 2, 1, 0, ''],
      [belt.id, 1, 2, 2, 'Roof box'],
      [hour.id, 1.5, 3, 0, ''],
    ]);
    const job = await createJob(s.t.db, {
      machines: [await createMachine(s.t.db, { machineModelId: model.id })],
    });
    const ofJob = (await tech.api.get(`parts/my-common-machinejob/${job.subJobs[0]!.id}`)).json();
    expect(ofJob).toEqual(parts);
    // Another technician's van is not theirs: 0 in van.
    const other = (
      await s.technician.get(`parts/my-common-machinemodel/${model.id}`)
    ).json() as MyCommonPart[];
    expect(other.map((p) => p.InVan)).toEqual([0, 0, 0]);
    expect((await tech.api.get('parts/my-common-machinemodel/999999')).statusCode).toBe(404);
    expect((await tech.api.get(`parts/my-common-machinejob/${job.id}`)).statusCode).toBe(404);
    expect(
      (await (await signedInUser(s.t, 5)).api.get(`parts/my-common-machinemodel/${model.id}`)).statusCode,
    ).toBe(403);
  });
});
