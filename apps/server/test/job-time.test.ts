import type { JobTime, OrderLine, TimeArticle } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { customerArticlePrices, orderLines } from '../src/db/schema/index.ts';
import { createArticle, createCustomer, createJob } from '../src/dev/factories/index.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';
import { sqlOf } from './sql-of.ts';

describe.each(engines)('a job’s hours on %s', (engine) => {
  const s = staffApp(engine, { name: 'Tim Timer' });

  async function setup() {
    const customer = await createCustomer(s.t.db);
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 2 });
    const labour = await createArticle(s.t.db, {
      isTimeArticle: true,
      isStockItem: false,
      unit: 'h',
      salesPrice: '850.00',
      name: 'Workshop hour',
    });
    return { customer, job, labour, subs: job.subJobs };
  }

  it('reports hours as time-article lines: the caller by default, per technician and sub-job', async () => {
    const { job, labour, subs } = await setup();
    const other = await signedInUser(s.t, 3, { name: 'Sara Sub' });
    const mine = await s.technician.post('time/add', {
      JobId: subs[0]!.id,
      ArticleNumber: labour.articleNumber,
      Quantity: 1.5,
      WorkDate: '2026-03-02',
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      IsTime: true,
      Quantity: 1.5,
      UserId: s.technicianId,
      UserName: 'Tim Timer',
      WorkDate: '2026-03-02',
      UnitPrice: 850,
      AmountExclVat: 1275,
      Description: 'Workshop hour',
      StoreId: null,
    });
    await s.technician.post('time/add', {
      JobId: subs[0]!.id,
      ArticleNumber: labour.articleNumber,
      Quantity: 0.25,
      WorkDate: '2026-03-03T08:00:00',
    });
    const theirs = await other.api.post('time/add', {
      JobId: subs[1]!.id,
      ArticleNumber: labour.articleNumber,
      Quantity: 2.125,
      WorkDate: '2026-03-02',
    });
    expect(theirs.json()).toMatchObject({ UserId: other.user.id, JobId: subs[1]!.id });

    const time = (await s.admin.get(`time/${job.id}`)).json() as JobTime;
    expect(time.Lines).toHaveLength(3);
    expect(time.TotalHours).toBe(3.875);
    expect(time.PerTechnician).toEqual(
      expect.arrayContaining([
        { UserId: s.technicianId, UserName: 'Tim Timer', JobId: subs[0]!.id, Hours: 1.75 },
        { UserId: other.user.id, UserName: 'Sara Sub', JobId: subs[1]!.id, Hours: 2.125 },
      ]),
    );
    expect(((await s.admin.get(`time/${subs[1]!.id}`)).json() as JobTime).Lines).toHaveLength(1);
    // Hours are not parts.
    expect((await s.admin.get(`job-parts/${job.id}`)).json()[0].Lines).toEqual([]);
    const line = mine.json() as OrderLine;
    expect((await s.admin.get(`time/job-time/${line.Id}`)).json()).toMatchObject({ Id: line.Id });
    expect((await s.admin.get(`job-part/${line.Id}`)).statusCode).toBe(404);
  });

  it('changes a time line; a stale RowVersion is refused', async () => {
    const { labour, subs } = await setup();
    const line = (
      await s.technician.post('time/add', {
        JobId: subs[0]!.id,
        ArticleNumber: labour.articleNumber,
        Quantity: 1,
        WorkDate: '2026-03-02',
      })
    ).json() as OrderLine;
    const changed = await s.technician.post('time/detail/update', {
      Id: line.Id,
      Quantity: '2,5',
      WorkDate: '2026-03-04',
      Comment: 'Overtime',
      RowVersion: line.RowVersion,
    });
    expect(changed.json()).toMatchObject({
      Quantity: 2.5,
      WorkDate: '2026-03-04',
      Comment: 'Overtime',
      AmountExclVat: 2125,
    });
    const stale = await s.technician.post('time/detail/update', {
      Id: line.Id,
      Quantity: 3,
      RowVersion: line.RowVersion,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('offers the active time articles at the customer’s price', async () => {
    const { customer, job, labour } = await setup();
    await createArticle(s.t.db, { isTimeArticle: true, isStockItem: false, isActive: false });
    await s.t.db
      .insert(customerArticlePrices)
      .values({ customerId: customer.id, articleId: labour.id, unitPrice: '700.00' });
    const list = (
      await s.technician.get('time/time-report-articles', { jobId: String(job.id) })
    ).json() as TimeArticle[];
    const mine = list.find((a) => a.ArticleId === labour.id);
    expect(mine).toMatchObject({ ArticleNumber: labour.articleNumber, Unit: 'h', UnitPrice: 700 });
    expect(list.every((a) => a.ArticleId !== undefined)).toBe(true);
    expect((await s.technician.get('time/time-report-articles', { jobId: '999999' })).statusCode).toBe(404);
    expect((await s.technician.get('time/time-report-articles')).statusCode).toBe(400);
  });

  it('reads the time articles with their customer prices in as many statements for one as for many', async () => {
    const { customer, job, labour } = await setup();
    const read = () => s.technician.get('time/time-report-articles', { jobId: String(job.id) });
    await read(); // the caller's session and settings are then kept
    const few = await sqlOf(s.t.db, read);
    for (let i = 0; i < 6; i++) {
      const hour = await createArticle(s.t.db, {
        isTimeArticle: true,
        isStockItem: false,
        salesPrice: '500.00',
      });
      await s.t.db
        .insert(customerArticlePrices)
        .values({ customerId: customer.id, articleId: hour.id, unitPrice: null, discountPercent: '10' });
    }
    const many = await sqlOf(s.t.db, read);
    expect(many.statements).toBe(few.statements);
    const list = (await read()).json() as TimeArticle[];
    expect(list.filter((a) => a.UnitPrice === 450)).toHaveLength(6);
    expect(list.find((a) => a.ArticleId === labour.id)?.UnitPrice).toBe(850);
  });

  it('refuses bad hours with a message and writes nothing; customers read hours but never report them', async () => {
    const { customer, job, labour, subs } = await setup();
    const part = await createArticle(s.t.db);
    const noOrder = await createJob(s.t.db, { customerId: customer.id, orderId: null, machines: 1 });
    const before = await writes(s.t.db);
    const lines = await s.t.db.$count(orderLines);
    const add = (body: object) =>
      s.technician.post('time/add', {
        JobId: subs[0]!.id,
        ArticleNumber: labour.articleNumber,
        Quantity: 1,
        WorkDate: '2026-03-02',
        ...body,
      });
    const cases: [object, number, string][] = [
      [{ ArticleNumber: part.articleNumber }, 400, `${part.articleNumber} is not a time article.`],
      [{ ArticleNumber: 'NO-HOURS' }, 400, 'No article with number NO-HOURS.'],
      [{ Quantity: 0 }, 400, ''],
      [{ Quantity: -2 }, 400, ''],
      [{ WorkDate: '2026-02-30' }, 400, ''],
      [{ UserId: 999999 }, 400, ''],
      [
        { JobId: noOrder.subJobs[0]!.id },
        400,
        'This job has no order: parts and hours go on a job with an order.',
      ],
      [{ JobId: job.id }, 400, 'Parts and hours go on a machine job of the order.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().Message).toBeTruthy();
      if (message) expect(res.json().Message).toBe(message);
    }
    expect(await writes(s.t.db)).toEqual(before);
    expect(await s.t.db.$count(orderLines)).toBe(lines);

    await add({});
    const own = await signedInUser(s.t, 4, { customerId: customer.id });
    const time = (await own.api.get(`time/${job.id}`)).json() as JobTime;
    expect(time.Lines[0]).toMatchObject({ CostPrice: null });
    expect(
      (
        await own.api.post('time/add', {
          JobId: subs[0]!.id,
          ArticleNumber: labour.articleNumber,
          Quantity: 1,
          WorkDate: '2026-03-02',
        })
      ).statusCode,
    ).toBe(403);
    expect((await own.api.get('time/time-report-articles', { jobId: String(job.id) })).statusCode).toBe(403);
    const stranger = await signedInUser(s.t, 6, { customerId: (await createCustomer(s.t.db)).id });
    expect((await stranger.api.get(`time/${job.id}`)).statusCode).toBe(404);
    expect((await stranger.api.get(`time/job-time/${time.Lines[0]!.Id}`)).statusCode).toBe(404);
  });
});
