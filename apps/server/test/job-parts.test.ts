import type { CustomerPrice, OrderLine, PartLookup, SubJobLines } from '@fieldport/contract';
import { and, eq, gt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  commonParts,
  customerArticlePrices,
  eventLog,
  jobs,
  machines,
  orderLines,
  stockMovements,
} from '../src/db/schema/index.ts';
import {
  createArticle,
  createCustomer,
  createJob,
  createMachine,
  createPartnerCompany,
  createStore,
  stockArticle,
} from '../src/dev/factories/index.ts';
import { stockOf } from '../src/modules/stock/stock.repository.ts';
import { signedInUser, staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

describe.each(engines)('a job’s parts on %s', (engine) => {
  const s = staffApp(engine, { name: 'Pål Parts' });

  /** A customer's job with one machine sub-job, an article in stock in a store. */
  async function setup(stock = '5', articleValues = {}) {
    const customer = await createCustomer(s.t.db);
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 1 });
    const article = await createArticle(s.t.db, { salesPrice: '19.99', costPrice: '9.00', ...articleValues });
    const store = await createStore(s.t.db);
    await stockArticle(s.t.db, store.id, article.id, stock);
    return { customer, job, sub: job.subJobs[0]!, article, store };
  }
  const stock = (storeId: number, articleId: number) => stockOf(s.t.db, storeId, articleId);

  it('adds a part taken from a store: the line, its price and the movement together', async () => {
    const { job, sub, article, store } = await setup();
    const res = await s.technician.post('parts/add-part', {
      JobId: sub.id,
      ArticleNumber: article.articleNumber.toLowerCase(),
      Quantity: 2,
      StoreId: store.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json() as OrderLine;
    expect(line).toMatchObject({
      ParentJobId: job.id,
      JobId: sub.id,
      ArticleId: article.id,
      ArticleNumber: article.articleNumber,
      Quantity: 2,
      UnitPrice: 19.99,
      CostPrice: 9,
      AmountExclVat: 39.98,
      StoreId: store.id,
      StoreName: store.name,
      IsTime: false,
    });
    expect(await stock(store.id, article.id)).toBe('3.000');
    const moves = await s.t.db.select().from(stockMovements).where(eq(stockMovements.orderLineId, line.Id));
    expect(moves.map((m) => [m.reason, m.quantity])).toEqual([[2, '-2.000']]);
    const events = await s.t.db
      .select()
      .from(eventLog)
      .where(and(eq(eventLog.entity, 'article'), eq(eventLog.entityId, String(article.id))));
    expect(events.map((e) => e.payload)).toEqual([{ StoreId: store.id }]);

    const groups = (await s.technician.get(`job-parts/${job.id}`)).json() as SubJobLines[];
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ JobId: sub.id, Lines: [{ Id: line.Id }] });
    expect((await s.technician.get(`job-parts/${sub.id}`)).json()[0].Lines).toHaveLength(1);
    expect((await s.technician.get(`job-part/${line.Id}`)).json()).toMatchObject({ Id: line.Id });
    const history = (await s.admin.get(`JobHistory/${job.id}`)).json();
    expect(JSON.stringify(history)).toContain(article.articleNumber);
  });

  it('moves the stock with a new quantity or store; refuses a take the store lacks, writing nothing', async () => {
    const { sub, article, store } = await setup('3');
    const other = await createStore(s.t.db);
    await stockArticle(s.t.db, other.id, article.id, '1');
    const line = (
      await s.technician.post('parts/add-part', {
        JobId: sub.id,
        ArticleNumber: article.articleNumber,
        Quantity: 2,
        StoreId: store.id,
      })
    ).json() as OrderLine;
    const more = await s.technician.post('parts/update-part', { Id: line.Id, Quantity: 3 });
    expect(more.json()).toMatchObject({ Quantity: 3, RowVersion: line.RowVersion + 1 });
    expect(await stock(store.id, article.id)).toBe('0.000');

    const before = await writes(s.t.db);
    const short = await s.technician.post('parts/update-part', { Id: line.Id, StoreId: other.id });
    expect([short.statusCode, short.json().Message]).toEqual([
      409,
      `Only 1 pcs of ${article.articleNumber} in ${other.name}.`,
    ]);
    expect(await writes(s.t.db)).toEqual(before);
    expect(await stock(store.id, article.id)).toBe('0.000');

    const moved = await s.technician.post('parts/update-part', {
      Id: line.Id,
      StoreId: other.id,
      Quantity: 1,
    });
    expect(moved.json()).toMatchObject({ StoreId: other.id, Quantity: 1 });
    expect(await stock(store.id, article.id)).toBe('3.000');
    expect(await stock(other.id, article.id)).toBe('0.000');
    const reasons = await s.t.db.select().from(stockMovements).where(eq(stockMovements.orderLineId, line.Id));
    expect(reasons.map((m) => m.reason).sort()).toEqual([2, 2, 2, 3, 3]);

    const stale = await s.technician.post('parts/update-part', { Id: line.Id, Quantity: 1, RowVersion: 1 });
    expect(stale.statusCode).toBe(409);
  });

  it('gives the parts of a removed machine job or a deleted job back to their stores, and drops their lines', async () => {
    const customer = await createCustomer(s.t.db);
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 2 });
    const article = await createArticle(s.t.db);
    const store = await createStore(s.t.db);
    await stockArticle(s.t.db, store.id, article.id, '5');
    const take = async (jobId: number, Quantity: number) => {
      const res = await s.technician.post('parts/add-part', {
        JobId: jobId,
        ArticleNumber: article.articleNumber,
        Quantity,
        StoreId: store.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as OrderLine;
    };
    const first = job.subJobs[0]!;
    const second = job.subJobs[1]!;
    const gone = await take(first.id, 2);
    await take(second.id, 1);
    expect(await stock(store.id, article.id)).toBe('2.000');

    const articleEvents = (after = 0) =>
      s.t.db
        .select()
        .from(eventLog)
        .where(
          and(
            eq(eventLog.entity, 'article'),
            eq(eventLog.entityId, String(article.id)),
            gt(eventLog.id, after),
          ),
        );
    const lastEvent = Math.max(0, ...(await articleEvents()).map((e) => e.id));
    const removed = await s.admin.delete(`MachineJob/remove/${first.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stock(store.id, article.id)).toBe('4.000');
    // Open stock screens hear of the stock that came back, in the removal's own transaction.
    const released = await articleEvents(lastEvent);
    expect(released.map((e) => [e.changeType, e.payload])).toEqual([['Change', { StoreId: store.id }]]);
    expect(await s.t.db.select().from(orderLines).where(eq(orderLines.id, gone.Id))).toEqual([]);
    const back = await s.t.db.select().from(stockMovements).where(eq(stockMovements.orderLineId, gone.Id));
    expect(back.map((m) => [m.reason, m.quantity]).sort()).toEqual([
      [2, '-2.000'],
      [3, '2.000'],
    ]);

    expect((await s.admin.delete(`job/${job.id}`)).statusCode).toBe(200);
    expect(await stock(store.id, article.id)).toBe('5.000');
    expect(await articleEvents(lastEvent)).toHaveLength(2);
    expect(await s.t.db.select().from(orderLines).where(eq(orderLines.parentJobId, job.id))).toEqual([]);
  });

  it('takes the stock once for a repeated add with the same Idempotency-Key', async () => {
    const { sub, article, store } = await setup('5');
    const body = { JobId: sub.id, ArticleNumber: article.articleNumber, Quantity: 2, StoreId: store.id };
    const send = () =>
      s.t.app.inject({
        method: 'POST',
        url: '/api2/ServiceProvider/parts/add-part',
        headers: { ...s.technician.headers, 'idempotency-key': `add-part-${article.id}` },
        payload: body,
      });
    const first = await send();
    const again = await send();
    expect(first.statusCode, first.body).toBe(200);
    expect(again.body).toBe(first.body);
    expect(await stock(store.id, article.id)).toBe('3.000');
  });

  it('of two technicians taking the last unit from one store at once, one gets it and one a 409', async () => {
    const { sub, article, store } = await setup('1');
    const other = await signedInUser(s.t, 2);
    const take = (api: typeof s.technician) =>
      api.post('parts/add-part', {
        JobId: sub.id,
        ArticleNumber: article.articleNumber,
        Quantity: 1,
        StoreId: store.id,
      });
    const answers = await Promise.all([take(s.technician), take(other.api)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await stock(store.id, article.id)).toBe('0.000');
    expect(await s.t.db.$count(orderLines, eq(orderLines.articleId, article.id))).toBe(1);
  });

  it('refuses bad parts with a message and writes nothing', async () => {
    const { customer, sub, article, store } = await setup();
    const partsJob = await createJob(s.t.db, { customerId: customer.id, jobTypeId: 3, machines: 1 });
    const noOrder = await createJob(s.t.db, { customerId: customer.id, orderId: null, machines: 1 });
    const before = await writes(s.t.db);
    const lines = await s.t.db.$count(orderLines);
    const add = (body: object) =>
      s.technician.post('parts/add-part', {
        JobId: sub.id,
        ArticleNumber: article.articleNumber,
        Quantity: 1,
        StoreId: store.id,
        ...body,
      });
    const cases: [object, number, string][] = [
      [{ ArticleNumber: 'NO-SUCH-PART' }, 400, 'No article with number NO-SUCH-PART.'],
      [{ Quantity: -1 }, 400, ''],
      [{ Quantity: 1.0005 }, 400, ''],
      [{ UnitPrice: 12.345 }, 400, ''],
      [
        { JobId: partsJob.subJobs[0]!.id },
        400,
        'This job has no order: parts and hours go on a job with an order.',
      ],
      [
        { JobId: noOrder.subJobs[0]!.id },
        400,
        'This job has no order: parts and hours go on a job with an order.',
      ],
      [{ JobId: sub.parentId }, 400, 'Parts and hours go on a machine job of the order.'],
      [{ StoreId: null }, 400, `Choose the store ${article.articleNumber} is taken from.`],
      [{ StoreId: 999999 }, 400, 'No store with id 999999.'],
      [{ JobId: 999999 }, 404, ''],
      [{ Quantity: 6 }, 409, `Only 5 pcs of ${article.articleNumber} in ${store.name}.`],
    ];
    for (const [body, status, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().Message, JSON.stringify(body)).toBeTruthy();
      if (message) expect(res.json().Message).toBe(message);
    }
    // In Norwegian the unit is its text, not its code (issue 35.8).
    const norwegian = await s.t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/parts/add-part',
      headers: { ...s.technician.headers, 'accept-language': 'no' },
      payload: { JobId: sub.id, ArticleNumber: article.articleNumber, Quantity: 6, StoreId: store.id },
    });
    expect(norwegian.json().Message).toBe(`Bare 5 stk av ${article.articleNumber} på ${store.name}.`);
    expect(await writes(s.t.db)).toEqual(before);
    expect(await s.t.db.$count(orderLines)).toBe(lines);
    expect(await stock(store.id, article.id)).toBe('5.000');
  });

  it('refuses parts on an approved job (409), and a time article as a part', async () => {
    const { customer, article, store } = await setup();
    const approved = await createJob(s.t.db, { customerId: customer.id, jobStatusId: 70, machines: 1 });
    const res = await s.technician.post('parts/add-part', {
      JobId: approved.subJobs[0]!.id,
      ArticleNumber: article.articleNumber,
      Quantity: 1,
      StoreId: store.id,
    });
    expect([res.statusCode, res.json().Message]).toEqual([
      409,
      'This job is approved, closed or deleted and can no longer be changed.',
    ]);
    const hours = await createArticle(s.t.db, { isTimeArticle: true, isStockItem: false, unit: 'h' });
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 1 });
    const asPart = await s.technician.post('parts/add-part', {
      JobId: job.subJobs[0]!.id,
      ArticleNumber: hours.articleNumber,
      Quantity: 1,
    });
    expect(asPart.statusCode).toBe(400);
  });

  it('looks a part up with the customer’s price and the stock per store; nothing without a number', async () => {
    const { customer, job, article, store } = await setup('4');
    await s.t.db
      .insert(customerArticlePrices)
      .values({ customerId: customer.id, articleId: article.id, unitPrice: null, discountPercent: '12.5' });
    expect((await s.technician.get('parts/')).json()).toBeNull();
    expect((await s.technician.get('parts/', { articleNumber: '' })).json()).toBeNull();
    expect((await s.technician.get('parts/', { articleNumber: 'NOPE-1' })).json()).toBeNull();
    const found = (
      await s.technician.get('parts/', { articleNumber: article.articleNumber, jobId: String(job.id) })
    ).json() as PartLookup;
    expect(found).toMatchObject({
      ArticleId: article.id,
      SalesPrice: 19.99,
      UnitPrice: 19.99,
      DiscountPercent: 12.5,
      CostPrice: 9,
      Stock: [{ StoreId: store.id, Quantity: 4 }],
    });
    const byNumber = (
      await s.technician.get('parts/', {
        articleNumber: article.articleNumber,
        customerNumber: customer.customerNumber,
      })
    ).json() as PartLookup;
    expect(byNumber.DiscountPercent).toBe(12.5);

    const price = (id: number, query: Record<string, string>) =>
      s.technician.get(`customer-price/${id}`, query).then((r) => r.json() as CustomerPrice);
    expect(await price(0, { articleNumber: article.articleNumber })).toEqual({
      UnitPrice: 0,
      DiscountPercent: 0,
      SalesPrice: 0,
    });
    expect((await price(customer.id, {})).UnitPrice).toBe(0);
    // 19.99 less 12.5 %: 17.49125, to the cent 17.49.
    expect(await price(customer.id, { articleNumber: article.articleNumber })).toEqual({
      UnitPrice: 17.49,
      DiscountPercent: 12.5,
      SalesPrice: 19.99,
    });
    const own = await createCustomer(s.t.db);
    await s.t.db
      .insert(customerArticlePrices)
      .values({ customerId: own.id, articleId: article.id, unitPrice: '15.00' });
    expect((await price(own.id, { articleNumber: article.articleNumber })).UnitPrice).toBe(15);
    const plain = await createCustomer(s.t.db);
    expect((await price(plain.id, { articleNumber: article.articleNumber })).UnitPrice).toBe(19.99);
  });

  it('uses the machine: its owner’s price without a job or customer, its model’s common-part quantity', async () => {
    const { customer, job, sub, article } = await setup('4');
    await s.t.db
      .insert(customerArticlePrices)
      .values({ customerId: customer.id, articleId: article.id, unitPrice: '12.00' });
    const [subRow] = await s.t.db.select().from(jobs).where(eq(jobs.id, sub.id));
    const machine = (await s.t.db.select().from(machines).where(eq(machines.id, subRow!.machineId!)))[0]!;
    await s.t.db
      .insert(commonParts)
      .values({ machineModelId: machine.machineModelId!, articleId: article.id, quantity: '2.500' });
    const lookup = (query: Record<string, string>) =>
      s.technician.get('parts/', { articleNumber: article.articleNumber, ...query });

    // The machine alone: its owner's own price, its model's quantity.
    const byMachine = (await lookup({ machineId: String(machine.id) })).json() as PartLookup;
    expect(byMachine).toMatchObject({ UnitPrice: 12, CommonPartQuantity: 2.5 });
    // The sub-job names its machine; the order's parent job names none.
    expect(((await lookup({ jobId: String(sub.id) })).json() as PartLookup).CommonPartQuantity).toBe(2.5);
    const parent = (await lookup({ jobId: String(job.id) })).json() as PartLookup;
    expect([parent.UnitPrice, parent.CommonPartQuantity]).toEqual([12, null]);
    // Another model's machine: no common part, another owner's (the sales) price; the job's customer wins.
    const other = await createMachine(s.t.db);
    expect((await lookup({ machineId: String(other.id) })).json() as PartLookup).toMatchObject({
      UnitPrice: 19.99,
      CommonPartQuantity: null,
    });
    expect(
      ((await lookup({ jobId: String(job.id), machineId: String(other.id) })).json() as PartLookup).UnitPrice,
    ).toBe(12);
    const unknown = await lookup({ machineId: '999999' });
    expect([unknown.statusCode, unknown.json().Message]).toEqual([
      404,
      'No machine with id 999999 was found.',
    ]);

    // customer-price: customer 0 takes the sub-job's customer, else the machine's owner.
    const price = (id: number, query: Record<string, string>) =>
      s.technician.get(`customer-price/${id}`, { articleNumber: article.articleNumber, ...query });
    expect((await price(0, { childJobId: String(sub.id) })).json().UnitPrice).toBe(12);
    expect((await price(0, { machineId: String(machine.id) })).json().UnitPrice).toBe(12);
    expect((await price(0, { machineId: String(other.id) })).json().UnitPrice).toBe(19.99);
    expect((await price(0, {})).json().UnitPrice).toBe(0);
    expect((await price(0, { childJobId: '999999' })).statusCode).toBe(404);
  });

  it('shows customers and partners their own job’s parts without CostPrice; another company’s is 404', async () => {
    const partner = await createPartnerCompany(s.t.db);
    const customer = await createCustomer(s.t.db, { partnerCompanyId: partner.id });
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 1 });
    const article = await createArticle(s.t.db);
    const store = await createStore(s.t.db);
    await stockArticle(s.t.db, store.id, article.id, '2');
    const line = (
      await s.technician.post('parts/add-part', {
        JobId: job.subJobs[0]!.id,
        ArticleNumber: article.articleNumber,
        Quantity: 1,
        StoreId: store.id,
      })
    ).json() as OrderLine;
    const own = await signedInUser(s.t, 6, { customerId: customer.id });
    const theirs = await signedInUser(s.t, 5, { partnerCompanyId: partner.id });
    const stranger = await signedInUser(s.t, 4, { customerId: (await createCustomer(s.t.db)).id });
    for (const api of [own.api, theirs.api]) {
      const groups = (await api.get(`job-parts/${job.id}`)).json() as SubJobLines[];
      expect(groups[0]!.Lines[0]).toMatchObject({ Id: line.Id, CostPrice: null });
      expect((await api.get(`job-part/${line.Id}`)).json().CostPrice).toBeNull();
      expect((await api.get('parts/', { articleNumber: article.articleNumber })).statusCode).toBe(403);
      expect((await api.post('parts/update-part', { Id: line.Id, Quantity: 2 })).statusCode).toBe(403);
    }
    expect((await stranger.api.get(`job-parts/${job.id}`)).statusCode).toBe(404);
    expect((await stranger.api.get(`job-part/${line.Id}`)).statusCode).toBe(404);
  });
});
