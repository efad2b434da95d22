import type { Invoice, InvoiceArticle, OrderLine } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerArticlePrices, jobs, orderLines } from '../src/db/schema/index.ts';
import {
  createArticle,
  createCustomer,
  createJob,
  createStore,
  stockArticle,
} from '../src/dev/factories/index.ts';
import { stockOf } from '../src/modules/stock/stock.repository.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

describe.each(engines)('invoice preparation on %s', (engine) => {
  const s = staffApp(engine);

  async function setup(freeFromVat: boolean) {
    const customer = await createCustomer(s.t.db, { freeFromVat });
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 2 });
    const article = await createArticle(s.t.db, {
      salesPrice: '19.99',
      costPrice: '11.00',
      vatPercent: '25',
    });
    const store = await createStore(s.t.db);
    await stockArticle(s.t.db, store.id, article.id, '10');
    const line = (
      await s.technician.post('parts/add-part', {
        JobId: job.subJobs[0]!.id,
        ArticleNumber: article.articleNumber,
        Quantity: 3,
        DiscountPercent: 12.5,
        StoreId: store.id,
      })
    ).json() as OrderLine;
    return { customer, job, subs: job.subJobs, article, store, line };
  }

  it('prices the pre-invoice exactly with VAT per line: 3 × 19.99 less 12.5 % and 25 % VAT', async () => {
    const { customer, job, subs, line } = await setup(false);
    const invoice = (await s.technician.get(`invoice/${subs[1]!.id}`)).json() as Invoice;
    expect(invoice).toMatchObject({
      JobId: job.id,
      OrderId: job.orderId,
      Customer: { Id: customer.id, FreeFromVat: false, IsInvoiceCustomer: false },
      Locked: false,
      TotalDiscount: 7.5,
      TotalAmountExclVat: 52.47,
      TotalVat: 13.12,
      TotalAmountInclVat: 65.59,
    });
    expect(invoice.SubJobs[0]!.Lines[0]).toMatchObject({
      Id: line.Id,
      AmountExclVat: 52.47,
      VatAmount: 13.12,
      AmountInclVat: 65.59,
      CostPrice: 11,
    });
    expect(invoice.SubJobs[1]).toMatchObject({ JobId: subs[1]!.id, Lines: [], TotalAmountExclVat: 0 });
  });

  it('charges no VAT to a customer free from VAT, and takes the invoice customer when one is set', async () => {
    const { job } = await setup(true);
    let invoice = (await s.technician.get(`invoice/${job.id}`)).json() as Invoice;
    expect(invoice).toMatchObject({ TotalAmountExclVat: 52.47, TotalVat: 0, TotalAmountInclVat: 52.47 });
    const payer = await createCustomer(s.t.db, { freeFromVat: false });
    await s.t.db.update(jobs).set({ invoiceCustomerId: payer.id }).where(eq(jobs.id, job.id));
    invoice = (await s.technician.get(`invoice/${job.id}`)).json() as Invoice;
    expect(invoice).toMatchObject({
      Customer: { Id: payer.id, IsInvoiceCustomer: true, FreeFromVat: false },
      TotalVat: 13.12,
    });
  });

  it('moves, links, changes and deletes lines within one order', async () => {
    const { job, subs, article, store, line } = await setup(false);
    const second = (
      await s.technician.put(`orderdetail/add/job/${subs[0]!.id}`, {
        ArticleNumber: article.articleNumber,
        Quantity: 1,
        StoreId: store.id,
      })
    ).json() as OrderLine;
    const moved = await s.admin.post('invoice/detail/move', { Id: line.Id, ToJobId: subs[1]!.id });
    expect(moved.json()).toMatchObject({ JobId: subs[1]!.id, ParentJobId: job.id });
    const other = await createJob(s.t.db, { machines: 1 });
    expect(
      (await s.admin.post('invoice/detail/move', { Id: line.Id, ToJobId: other.subJobs[0]!.id })).statusCode,
    ).toBe(400);
    expect((await s.admin.post('invoice/detail/move', { Id: line.Id, ToJobId: job.id })).statusCode).toBe(
      400,
    );

    const linked = await s.admin.post('invoice/link', { Id: second.Id, LinkToLineId: line.Id });
    expect(linked.json()).toMatchObject({ LinkedToLineId: line.Id });
    expect((await s.admin.post('invoice/link', { Id: line.Id, LinkToLineId: second.Id })).statusCode).toBe(
      400,
    );
    expect((await s.admin.post('invoice/link', { Id: second.Id, LinkToLineId: second.Id })).statusCode).toBe(
      400,
    );
    expect(
      (await s.admin.post('invoice/link', { Id: second.Id, LinkToLineId: null })).json().LinkedToLineId,
    ).toBeNull();

    const updated = await s.admin.post('invoice/update', {
      Id: line.Id,
      Description: 'Filter, fitted',
      UnitPrice: 20,
      DiscountPercent: 0,
      NoInvoice: true,
    });
    expect(updated.json()).toMatchObject({
      Description: 'Filter, fitted',
      UnitPrice: 20,
      NoInvoice: true,
      AmountExclVat: 60,
    });
    const invoice = (await s.admin.get(`invoice/${job.id}`)).json() as Invoice;
    expect(invoice.TotalAmountExclVat).toBe(19.99);

    expect(await stockOf(s.t.db, store.id, article.id)).toBe('6.000');
    expect((await s.admin.post('invoice/delete', { Id: line.Id })).json()).toEqual({ Id: line.Id });
    expect(await stockOf(s.t.db, store.id, article.id)).toBe('9.000');
    expect(await s.t.db.$count(orderLines, eq(orderLines.id, line.Id))).toBe(0);
  });

  it('refuses bad changes with a message, and any change of an approved job; writes nothing', async () => {
    const { job, line } = await setup(false);
    const w = await writes(s.t.db);
    const bad: [string, object][] = [
      ['invoice/update', { Id: line.Id, UnitPrice: 12.345 }],
      ['invoice/update', { Id: line.Id, Quantity: -1 }],
      ['invoice/update', { Id: line.Id, DiscountPercent: 101 }],
      ['invoice/link', { Id: line.Id }],
      ['invoice/delete', {}],
    ];
    for (const [path, body] of bad) {
      const res = await s.admin.post(path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().Message).toBeTruthy();
    }
    await s.t.db.update(jobs).set({ jobStatusId: 100 }).where(eq(jobs.id, job.id));
    expect((await s.admin.get(`invoice/${job.id}`)).json().Locked).toBe(true);
    for (const [path, body] of [
      ['invoice/update', { Id: line.Id, Description: 'late' }],
      ['invoice/delete', { Id: line.Id }],
      ['invoice/detail/move', { Id: line.Id, ToJobId: job.subJobs[1]!.id }],
    ] as const) {
      const res = await s.admin.post(path, body);
      expect([res.statusCode, res.json().Message]).toEqual([
        409,
        'This job is approved, closed or deleted and can no longer be changed.',
      ]);
    }
    expect(await writes(s.t.db)).toEqual(w);
  });

  it('looks an article up for a sub-job’s customer; nothing without a number', async () => {
    const { customer, subs, article } = await setup(false);
    await s.t.db
      .insert(customerArticlePrices)
      .values({ customerId: customer.id, articleId: article.id, unitPrice: '17.00' });
    expect((await s.technician.get('invoice/article/detail')).json()).toBeNull();
    expect(
      (await s.technician.get('invoice/article/detail', { articleNumber: 'NOT-THERE' })).json(),
    ).toBeNull();
    const found = (
      await s.technician.get('invoice/article/detail', {
        articleNumber: article.articleNumber,
        childJobId: String(subs[0]!.id),
      })
    ).json() as InvoiceArticle;
    expect(found).toMatchObject({ ArticleId: article.id, UnitPrice: 17, VatPercent: 25 });
  });

  it('shows customers and partners their invoice lines without CostPrice; others get 404, writes 403', async () => {
    const { customer, job, line } = await setup(false);
    const own = await signedInUser(s.t, 4, { customerId: customer.id });
    const invoice = (await own.api.get(`invoice/${job.id}`)).json() as Invoice;
    expect(invoice.SubJobs[0]!.Lines[0]).toMatchObject({ Id: line.Id, CostPrice: null });
    expect(JSON.stringify(invoice)).not.toContain('"CostPrice":11');
    expect((await own.api.post('invoice/update', { Id: line.Id, Description: 'x' })).statusCode).toBe(403);
    expect((await own.api.get('invoice/article/detail', { articleNumber: 'X' })).statusCode).toBe(403);
    const stranger = await signedInUser(s.t, 6, { customerId: (await createCustomer(s.t.db)).id });
    expect((await stranger.api.get(`invoice/${job.id}`)).statusCode).toBe(404);
    const sub = await signedInUser(s.t, 3);
    expect((await sub.api.post('invoice/update', { Id: line.Id, Description: 'x' })).statusCode).toBe(403);
  });
});
