import type { OrderJob, OrderJobView, OrderLine, OrderOptions, OrderTotal } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventLog, jobs, orderLines, stockMovements } from '../src/db/schema/index.ts';
import { seedDemoOrders } from '../src/dev/demo-orders.ts';
import {
  createArticle,
  createCustomer,
  createDepartment,
  createJob,
  createProject,
  createStore,
  stockArticle,
} from '../src/dev/factories/index.ts';
import { roomsOfEvent } from '../src/modules/live-events/audience.ts';
import { stockOf } from '../src/modules/stock/stock.repository.ts';
import { STORES } from '../src/seed/reference-data.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

describe.each(engines)('order lines and orders on %s', (engine) => {
  const s = staffApp(engine);

  async function setup() {
    const customer = await createCustomer(s.t.db);
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 2 });
    const article = await createArticle(s.t.db, { salesPrice: '19.99', costPrice: '10.00' });
    const service = await createArticle(s.t.db, {
      isStockItem: false,
      salesPrice: '100.00',
      name: 'Call-out',
    });
    const store = await createStore(s.t.db);
    await stockArticle(s.t.db, store.id, article.id, '10');
    return { customer, job, subs: job.subJobs, article, service, store };
  }

  it('adds, reads, changes and removes lines; a removed store line gives its stock back', async () => {
    const { job, subs, article, service, store } = await setup();
    const added = await s.technician.put(`orderdetail/add/job/${subs[0]!.id}`, {
      ArticleNumber: article.articleNumber,
      Quantity: 3,
      DiscountPercent: 12.5,
      StoreId: store.id,
    });
    expect(added.statusCode, added.body).toBe(200);
    const line = added.json() as OrderLine;
    expect(line).toMatchObject({
      Quantity: 3,
      UnitPrice: 19.99,
      DiscountPercent: 12.5,
      AmountExclVat: 52.47,
    });
    expect(await stockOf(s.t.db, store.id, article.id)).toBe('7.000');
    const free = (
      await s.technician.put(`orderdetail/add/job/${subs[1]!.id}`, {
        ArticleNumber: service.articleNumber,
        Quantity: 1,
      })
    ).json() as OrderLine;
    expect(free).toMatchObject({ StoreId: null, UnitPrice: 100, Description: 'Call-out' });

    expect((await s.technician.get(`orderdetail/get/${line.Id}`)).json()).toMatchObject({ Id: line.Id });
    const view = (await s.technician.get(`orderdetail/jobview/${subs[1]!.id}`)).json() as OrderJobView;
    expect(view.JobId).toBe(job.id);
    expect(view.SubJobs.map((g) => [g.JobId, g.Lines.map((l) => l.Id)])).toEqual([
      [subs[0]!.id, [line.Id]],
      [subs[1]!.id, [free.Id]],
    ]);

    const changed = await s.technician.patch(`orderdetail/job/${job.id}/change/${line.Id}`, {
      Quantity: 4,
      UnitPrice: '18.50',
      RowVersion: line.RowVersion,
    });
    expect(changed.json()).toMatchObject({ Quantity: 4, UnitPrice: 18.5 });
    expect(await stockOf(s.t.db, store.id, article.id)).toBe('6.000');
    expect(
      (await s.technician.patch(`orderdetail/job/${job.id}/change/${line.Id}`, { RowVersion: 1 })).statusCode,
    ).toBe(409);
    // A line named under another job is not found there.
    const stranger = await createJob(s.t.db, { machines: 1 });
    expect(
      (await s.technician.patch(`orderdetail/job/${stranger.id}/change/${line.Id}`, { Quantity: 1 }))
        .statusCode,
    ).toBe(404);

    const removed = await s.technician.delete(`orderdetail/remove/${line.Id}`);
    expect(removed.json()).toEqual({ Id: line.Id });
    expect(await stockOf(s.t.db, store.id, article.id)).toBe('10.000');
    const moves = await s.t.db.select().from(stockMovements).where(eq(stockMovements.orderLineId, line.Id));
    expect(moves.at(-1)).toMatchObject({ reason: 3, quantity: '4.000' });
    expect((await s.technician.get(`orderdetail/get/${line.Id}`)).statusCode).toBe(404);
    expect((await s.technician.delete(`orderdetail/remove/${line.Id}`)).statusCode).toBe(404);
  });

  it('announces every change as an order event and a job event, to staff and the job’s own company', async () => {
    const { customer, job, subs, service } = await setup();
    const res = await s.technician.put(`orderdetail/add/job/${subs[0]!.id}`, {
      ArticleNumber: service.articleNumber,
      Quantity: 1,
    });
    const line = res.json() as OrderLine;
    const events = await s.t.db
      .select()
      .from(eventLog)
      .where(eq(eventLog.entityId, String(job.id)));
    const order = events.find(
      (e) => e.entity === 'order' && (e.payload as { OrderLineId?: number }).OrderLineId === line.Id,
    );
    expect(order).toMatchObject({
      changeType: 'Change',
      payload: { JobId: job.id, MachineJobId: subs[0]!.id },
    });
    expect(events.some((e) => e.entity === 'job' && e.id > order!.id - 5)).toBe(true);
    expect(await roomsOfEvent(s.t.db, order!)).toEqual(['staff', `customer:${customer.id}`]);
  });

  it('totals an order exactly, leaving out NoInvoice lines and sub-jobs', async () => {
    const { job, subs, article, service, store } = await setup();
    const add = (jobId: number, body: object) => s.technician.put(`orderdetail/add/job/${jobId}`, body);
    await add(subs[0]!.id, {
      ArticleNumber: article.articleNumber,
      Quantity: 3,
      DiscountPercent: 12.5,
      StoreId: store.id,
    });
    await add(subs[0]!.id, { ArticleNumber: service.articleNumber, Quantity: 1, UnitPrice: 0.1 });
    await add(subs[0]!.id, { ArticleNumber: service.articleNumber, Quantity: 1, UnitPrice: 0.2 });
    await add(subs[0]!.id, { ArticleNumber: service.articleNumber, Quantity: 1, NoInvoice: true });
    await add(subs[1]!.id, { ArticleNumber: service.articleNumber, Quantity: 2 });

    let total = (await s.technician.get(`Order/GetTotal/${job.id}`)).json() as OrderTotal;
    // 52.47 + 0.10 + 0.20 + 200.00; the NoInvoice line is listed but not counted.
    expect(total).toMatchObject({ JobId: job.id, TotalAmountExclVat: 252.77, TotalDiscount: 7.5 });
    expect(total.OrderDetails).toHaveLength(5);
    expect(total.SubJobs).toEqual([
      { JobId: subs[0]!.id, NoInvoice: false, TotalDiscount: 7.5, TotalAmountExclVat: 52.77 },
      { JobId: subs[1]!.id, NoInvoice: false, TotalDiscount: 0, TotalAmountExclVat: 200 },
    ]);

    const opt = await s.admin.patch(`Order/OrderOptions/${subs[1]!.id}?NoInvoice=true`);
    expect(opt.statusCode, opt.body).toBe(200);
    expect((opt.json() as OrderOptions).SubJobs).toEqual([
      { JobId: subs[0]!.id, NoInvoice: false },
      { JobId: subs[1]!.id, NoInvoice: true },
    ]);
    total = (await s.technician.get(`Order/GetTotal/${subs[0]!.id}`)).json() as OrderTotal;
    expect(total.TotalAmountExclVat).toBe(52.77);
    expect(total.SubJobs[1]).toEqual({
      JobId: subs[1]!.id,
      NoInvoice: true,
      TotalDiscount: 0,
      TotalAmountExclVat: 0,
    });

    const orders = (await s.technician.get(`Order/AllJobOrders/${job.id}`)).json() as OrderJob[];
    expect(orders.map((o) => [o.JobId, o.IsParent, o.NoInvoice, o.LineCount, o.TotalAmountExclVat])).toEqual([
      [job.id, true, false, 5, 52.77],
      [subs[0]!.id, false, false, 4, 52.77],
      [subs[1]!.id, false, true, 1, 0],
    ]);
  });

  it('changes the order options sent: on the parent, NoInvoice on the job in the path', async () => {
    const { job, subs } = await setup();
    const department = await createDepartment(s.t.db);
    const project = await createProject(s.t.db);
    const before = (await s.technician.get(`order/job/${subs[0]!.id}`)).json() as OrderOptions;
    expect(before).toMatchObject({
      JobId: job.id,
      OrderId: job.orderId,
      InvoiceReference: '',
      NoInvoice: false,
    });
    const res = await s.technician.patch(
      `Order/OrderOptions/${subs[0]!.id}?DepartmentId=${department.id}&ProjectId=${project.id}&InvoiceReference=PO-4711&ServiceManagerComment=Check%20the%20belt`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      JobId: job.id,
      DepartmentId: department.id,
      ProjectId: project.id,
      InvoiceReference: 'PO-4711',
      ServiceManagerComment: 'Check the belt',
      NoInvoice: false,
    });
    const [row] = await s.t.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({
      orderDepartmentId: department.id,
      projectId: project.id,
      invoiceReference: 'PO-4711',
    });
    const cleared = await s.technician.patch(`Order/OrderOptions/${job.id}?DepartmentId=0&NoInvoice=true`);
    expect(cleared.json()).toMatchObject({ DepartmentId: null, ProjectId: project.id, NoInvoice: true });

    const w = await writes(s.t.db);
    expect((await s.technician.patch(`Order/OrderOptions/${job.id}?DepartmentId=999999`)).statusCode).toBe(
      400,
    );
    expect((await s.technician.patch(`Order/OrderOptions/${job.id}?NoInvoice=maybe`)).statusCode).toBe(400);
    expect(
      (await s.technician.patch(`Order/OrderOptions/${job.id}?InvoiceReference=X&RowVersion=1`)).statusCode,
    ).toBe(409);
    expect(await writes(s.t.db)).toEqual(w);
    const sub = await signedInUser(s.t, 3);
    expect((await sub.api.patch(`Order/OrderOptions/${job.id}?NoInvoice=false`)).statusCode).toBe(403);
  });

  it('keeps an approved job’s lines as they are; customers read their own order only', async () => {
    const { customer, article, store } = await setup();
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 1 });
    const line = (
      await s.technician.put(`orderdetail/add/job/${job.subJobs[0]!.id}`, {
        ArticleNumber: article.articleNumber,
        Quantity: 1,
        StoreId: store.id,
      })
    ).json() as OrderLine;
    await s.t.db.update(jobs).set({ jobStatusId: 70 }).where(eq(jobs.id, job.id));
    const w = await writes(s.t.db);
    expect((await s.technician.delete(`orderdetail/remove/${line.Id}`)).statusCode).toBe(409);
    expect(
      (await s.technician.patch(`orderdetail/job/${job.id}/change/${line.Id}`, { Quantity: 2 })).statusCode,
    ).toBe(409);
    expect((await s.admin.patch(`Order/OrderOptions/${job.id}?InvoiceReference=late`)).statusCode).toBe(409);
    expect(await writes(s.t.db)).toEqual(w);

    const own = await signedInUser(s.t, 6, { customerId: customer.id });
    expect((await own.api.get(`orderdetail/get/${line.Id}`)).json().CostPrice).toBeNull();
    expect((await own.api.get(`Order/GetTotal/${job.id}`)).json().OrderDetails[0].CostPrice).toBeNull();
    expect((await own.api.delete(`orderdetail/remove/${line.Id}`)).statusCode).toBe(403);
    const other = await signedInUser(s.t, 4, { customerId: (await createCustomer(s.t.db)).id });
    for (const path of [
      `orderdetail/get/${line.Id}`,
      `orderdetail/jobview/${job.id}`,
      `Order/GetTotal/${job.id}`,
      `Order/AllJobOrders/${job.id}`,
      `order/job/${job.id}`,
    ])
      expect((await other.api.get(path)).statusCode, path).toBe(404);
  });

  it('answers a job without an order with no lines and zero totals', async () => {
    const partsJob = await createJob(s.t.db, { jobTypeId: 3, machines: 1 });
    expect((await s.technician.get(`orderdetail/jobview/${partsJob.id}`)).json()).toMatchObject({
      SubJobs: [],
    });
    expect((await s.technician.get(`Order/GetTotal/${partsJob.id}`)).json()).toMatchObject({
      OrderDetails: [],
      TotalAmountExclVat: 0,
    });
    expect((await s.technician.get(`job-parts/${partsJob.id}`)).json()).toEqual([]);
  });
});

describe.each(engines)('the demo’s parts and hours on %s', (engine) => {
  const s = staffApp(engine);

  it('puts parts and hours on finished jobs, taking stock through its movements and skipping short takes', async () => {
    const filter = await createArticle(s.t.db, { salesPrice: '49.90' });
    const scarce = await createArticle(s.t.db);
    const labour = await createArticle(s.t.db, { isTimeArticle: true, isStockItem: false, unit: 'h' });
    // The built-in main store, the only store of a new company (decision 078), holding the filters.
    const store = STORES[0];
    await stockArticle(s.t.db, store.id, filter.id, '100');
    const done = await createJob(s.t.db, { jobStatusId: 50, machines: 3 });
    const open = await createJob(s.t.db, { jobStatusId: 10, machines: 1 });
    await seedDemoOrders(s.t.db, { createdBy: 1 });

    const rows = await s.t.db.select().from(orderLines).where(eq(orderLines.parentJobId, done.id));
    expect(rows.filter((r) => r.isTime)).toHaveLength(3);
    expect(rows.every((r) => r.articleId !== scarce.id)).toBe(true);
    expect(rows.some((r) => r.articleId === filter.id && r.storeId === store.id)).toBe(true);
    expect(rows.filter((r) => r.isTime).every((r) => r.articleId === labour.id)).toBe(true);
    const used = rows.filter((r) => r.articleId === filter.id).reduce((n, r) => n + Number(r.quantity), 0);
    expect(await stockOf(s.t.db, store.id, filter.id)).toBe(`${100 - used}.000`);
    expect(await s.t.db.$count(orderLines, eq(orderLines.parentJobId, open.id))).toBe(0);
    const invoice = (await s.admin.get(`invoice/${done.id}`)).json();
    expect(invoice.TotalAmountExclVat).toBeGreaterThan(0);
  });
});
