import {
  type CustomerPrice,
  type CustomerPriceQuery,
  isStaff,
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
import { changeWithEvents } from '../common/outbox.ts';
import { customerScope } from '../common/scope.ts';
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

  /** The article with the customer's price and its stock per store; null without (or for an unknown) article number. */
  async lookup(caller: Caller, q: z.output<typeof PartLookupQuery>): Promise<PartLookup | null> {
    if (!q.articleNumber) return null;
    const article = await repo.findArticleByNumber(this.db, q.articleNumber);
    if (!article) return null;
    let customerId: number | null = null;
    if (q.jobId) customerId = (await orderOf(this.db, caller, q.jobId)).parent.customerId;
    else if (q.customerNumber)
      customerId = (await repo.findCustomerByNumber(this.db, q.customerNumber))?.id ?? null;
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
      Stock: stock.map((s) => ({
        StoreId: s.storeId,
        StoreName: s.storeName,
        StoreType: s.storeType,
        UserId: s.userId,
        Quantity: Number(s.quantity),
        AllowNegative: s.allowNegative,
      })),
    };
  }

  async ofJob(caller: Caller, jobId: number): Promise<SubJobLines[]> {
    return (await groupedLines(this.db, caller, jobId, false)).groups;
  }

  line(caller: Caller, id: number): Promise<OrderLine> {
    return readLine(this.db, caller, id, 'part');
  }

  /** 0 without a customer or an article number (or for an unknown one). */
  async customerPrice(
    caller: Caller,
    customerId: number,
    q: z.output<typeof CustomerPriceQuery>,
  ): Promise<CustomerPrice> {
    const none = { UnitPrice: 0, DiscountPercent: 0, SalesPrice: 0 };
    if (!customerId || !q.articleNumber) return none;
    const [customer, article] = await Promise.all([
      repo.findCustomer(this.db, customerId, customerScope(caller.user)),
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
