import {
  type CustomerPrice,
  type CustomerPriceQuery,
  isStaff,
  languageOf,
  localName,
  type OrderLine,
  type PartAddInput,
  type PartLookup,
  type PartLookupQuery,
  type PartUpdateInput,
  type SubJobLines,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { recordNotFound } from '../common/errors.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { addLine, changeLine } from './line-changes.ts';
import { orderOf } from './order-access.ts';
import { groupedLines, readLine } from './order-lines.reads.ts';
import * as repo from './order-lines.repository.ts';
import { priceFor } from './pricing.ts';

/**
 * A job's parts (002 §7.17): the part lookup, the customer's price, and parts put on machine sub-jobs
 * with their stock taken from a store in the same transaction.
 */
export class PartsService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  /**
   * The article with the customer's price and its stock per store; null without (or for an unknown)
   * article number. The customer is the job's (jobId), else the one of customerNumber, else the
   * machine's owner (machineId). The machine (machineId, else the machine of the sub-job jobId) gives
   * CommonPartQuantity: how many of the article its model's common parts list takes.
   */
  async lookup(caller: Caller, q: z.output<typeof PartLookupQuery>): Promise<PartLookup | null> {
    if (!q.articleNumber) return null;
    const article = await repo.findArticleByNumber(this.db, q.articleNumber);
    if (!article) return null;
    const order = q.jobId ? await orderOf(this.db, caller, q.jobId) : null;
    const machineId = q.machineId || order?.job.machineId || 0;
    const machine = machineId ? await this.machine(caller, machineId, article.id) : null;
    let customerId: number | null = order?.parent.customerId ?? null;
    if (!order && q.customerNumber)
      customerId = (await repo.findCustomerByNumber(this.db, q.customerNumber))?.id ?? null;
    if (!order && !q.customerNumber) customerId = machine?.customerId ?? null;
    const [price, stock] = await Promise.all([
      priceFor(this.db, customerId, article),
      repo.stockPerStore(this.db, article.id),
    ]);
    return {
      ArticleId: article.id,
      ArticleNumber: article.articleNumber,
      Name: article.name,
      Description: article.description,
      Unit: article.unit,
      SalesPrice: Number(article.salesPrice),
      UnitPrice: Number(price.lineUnitPrice),
      DiscountPercent: Number(price.lineDiscountPercent),
      VatPercent: Number(article.vatPercent),
      CostPrice: isStaff(caller.user.userTypeId) ? Number(article.costPrice) : null,
      IsTimeArticle: article.isTimeArticle,
      IsStockItem: article.isStockItem,
      CommonPartQuantity: machine?.commonQuantity == null ? null : Number(machine.commonQuantity),
      Stock: stock.map((s) => ({
        StoreId: s.storeId,
        StoreName: localName({ name: s.storeName, names: s.storeNames }, languageOf(caller.lang)),
        StoreType: s.storeType,
        UserId: s.userId,
        Quantity: Number(s.quantity),
        AllowNegative: s.allowNegative,
      })),
    };
  }

  /** A machine the caller may see, with its customer and the article's common-part quantity; else 404. */
  private async machine(caller: Caller, machineId: number, articleId: number | null) {
    const machine = await repo.machineContext(this.db, machineId, articleId, caller.user);
    if (!machine) throw recordNotFound(caller, 'object_machine', machineId);
    return machine;
  }

  async ofJob(caller: Caller, jobId: number): Promise<SubJobLines[]> {
    return (await groupedLines(this.db, caller, jobId, false)).groups;
  }

  line(caller: Caller, id: number): Promise<OrderLine> {
    return readLine(this.db, caller, id, 'part');
  }

  /**
   * The price of customerId; with customerId 0 the customer of the sub-job childJobId, else the owner
   * of the machine machineId. 0 without a customer or an article number (or for an unknown one).
   */
  async customerPrice(
    caller: Caller,
    customerId: number,
    q: z.output<typeof CustomerPriceQuery>,
  ): Promise<CustomerPrice> {
    const none = { UnitPrice: 0, DiscountPercent: 0, SalesPrice: 0 };
    if (!q.articleNumber) return none;
    let id: number | null = customerId || null;
    if (!id && q.childJobId) id = (await orderOf(this.db, caller, q.childJobId)).parent.customerId;
    else if (!id && q.machineId) id = (await this.machine(caller, q.machineId, null)).customerId;
    if (!id) return none;
    const [customer, article] = await Promise.all([
      repo.findCustomer(this.db, id, caller.user),
      repo.findArticleByNumber(this.db, q.articleNumber),
    ]);
    if (!customer || !article) return none;
    const price = await priceFor(this.db, customer.id, article);
    return {
      UnitPrice: Number(price.netUnitPrice),
      DiscountPercent: Number(price.lineDiscountPercent),
      SalesPrice: Number(price.salesPrice),
    };
  }

  async add(caller: Caller, input: z.output<typeof PartAddInput>): Promise<OrderLine> {
    const id = await changeWithEvents(this.db, (tx, emit) =>
      addLine(
        tx,
        emit,
        caller,
        {
          jobId: input.JobId,
          articleNumber: input.ArticleNumber,
          quantity: input.Quantity,
          unitPrice: input.UnitPrice,
          discountPercent: input.DiscountPercent,
          description: input.Description,
          storeId: input.StoreId,
          noInvoice: input.NoInvoice,
          comment: input.Comment,
        },
        'part',
      ),
    );
    return readLine(this.db, caller, id, 'part');
  }

  async update(caller: Caller, input: z.output<typeof PartUpdateInput>): Promise<OrderLine> {
    await changeWithEvents(this.db, (tx, emit) =>
      changeLine(
        tx,
        emit,
        caller,
        input.Id,
        {
          quantity: input.Quantity,
          storeId: input.StoreId,
          unitPrice: input.UnitPrice,
          discountPercent: input.DiscountPercent,
          description: input.Description,
          noInvoice: input.NoInvoice,
          comment: input.Comment,
          rowVersion: input.RowVersion,
        },
        'part',
      ),
    );
    return readLine(this.db, caller, input.Id, 'part');
  }
}
