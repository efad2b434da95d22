import type {
  Invoice,
  InvoiceArticle,
  InvoiceArticleQuery,
  InvoiceLinkInput,
  InvoiceMoveInput,
  InvoiceUpdateInput,
  OrderLine,
} from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { jobPolicy } from '../jobs/job-record.policy.ts';
import { changeLine, removeLine } from '../order-lines/line-changes.ts';
import { orderOf } from '../order-lines/order-access.ts';
import * as lines from '../order-lines/order-lines.api.ts';
import { presentLine } from '../order-lines/order-lines.presenter.ts';
import { readLine } from '../order-lines/order-lines.reads.ts';
import { priceFor } from '../order-lines/pricing.ts';
import { countLines, totalsOf } from './order-totals.ts';
import { invoiceCustomer } from './orders.repository.ts';

/**
 * Invoice preparation (002 §7.16): the pre-invoice of a job's order, to its invoice customer (the
 * job's customer unless another is set), VAT per line (none for a customer FreeFromVat), and the
 * office's changes to its lines. An approved, closed or deleted job's lines stay as they are (409).
 */
export class InvoiceService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  async invoice(caller: Caller, jobId: number): Promise<Invoice> {
    const order = await orderOf(this.db, caller, jobId);
    const p = order.parent;
    const customerId = p.invoiceCustomerId ?? p.customerId;
    const customer = customerId ? await invoiceCustomer(this.db, customerId) : null;
    const freeFromVat = customer?.freeFromVat ?? false;
    const [subJobs, rows] = order.hasOrder
      ? await Promise.all([lines.subJobsOfOrder(this.db, p.id), lines.linesOfOrder(this.db, p.id)])
      : [[], []];
    const noInvoice = new Set(subJobs.filter((s) => s.noInvoice).map((s) => s.id));
    const counted = countLines(rows, noInvoice, p.noInvoice, freeFromVat);
    const all = totalsOf(counted);
    return {
      JobId: p.id,
      OrderId: p.orderId,
      Customer: customer && {
        Id: customer.id,
        CustomerNumber: customer.customerNumber,
        Name: customer.name,
        FreeFromVat: customer.freeFromVat,
        IsInvoiceCustomer: p.invoiceCustomerId !== null,
      },
      InvoiceReference: p.invoiceReference,
      NoInvoice: p.noInvoice,
      Locked: !jobPolicy.mayChange(p),
      SubJobs: subJobs.map((s) => {
        const own = counted.filter((l) => l.row.line.jobId === s.id);
        const t = totalsOf(own);
        return {
          JobId: s.id,
          MachineId: s.machineId,
          MachineName: s.machineName ?? '',
          JobStatusId: s.jobStatusId,
          NoInvoice: s.noInvoice,
          Lines: own.map((l) => ({
            ...presentLine(l.row, caller),
            VatAmount: Number(l.amounts.vat),
            AmountInclVat: Number(l.amounts.amountInclVat),
          })),
          TotalAmountExclVat: Number(t.exclVat),
          TotalVat: Number(t.vat),
        };
      }),
      TotalDiscount: Number(all.discount),
      TotalAmountExclVat: Number(all.exclVat),
      TotalVat: Number(all.vat),
      TotalAmountInclVat: Number(all.inclVat),
    };
  }

  /** Null without an article number or for an unknown one; priced for the sub-job's customer. */
  async article(caller: Caller, q: z.output<typeof InvoiceArticleQuery>): Promise<InvoiceArticle | null> {
    if (!q.articleNumber) return null;
    const customerId = q.childJobId ? (await orderOf(this.db, caller, q.childJobId)).parent.customerId : null;
    const article = await lines.findArticleByNumber(this.db, q.articleNumber);
    if (!article) return null;
    const price = await priceFor(this.db, customerId, article);
    return {
      ArticleId: article.id,
      ArticleNumber: article.articleNumber,
      Name: article.name,
      Description: article.description,
      Unit: article.unit,
      UnitPrice: Number(price.lineUnitPrice),
      DiscountPercent: Number(price.lineDiscountPercent),
      VatPercent: Number(article.vatPercent),
      IsTimeArticle: article.isTimeArticle,
      IsStockItem: article.isStockItem,
    };
  }

  async move(caller: Caller, input: z.output<typeof InvoiceMoveInput>): Promise<OrderLine> {
    await changeWithEvents(this.db, (tx, emit) =>
      changeLine(tx, emit, caller, input.Id, { jobId: input.ToJobId, rowVersion: input.RowVersion }, 'any'),
    );
    return readLine(this.db, caller, input.Id, 'any');
  }

  async link(caller: Caller, input: z.output<typeof InvoiceLinkInput>): Promise<OrderLine> {
    await changeWithEvents(this.db, (tx, emit) =>
      changeLine(
        tx,
        emit,
        caller,
        input.Id,
        { linkedToLineId: input.LinkToLineId, rowVersion: input.RowVersion },
        'any',
      ),
    );
    return readLine(this.db, caller, input.Id, 'any');
  }

  async update(caller: Caller, input: z.output<typeof InvoiceUpdateInput>): Promise<OrderLine> {
    await changeWithEvents(this.db, (tx, emit) =>
      changeLine(
        tx,
        emit,
        caller,
        input.Id,
        {
          description: input.Description,
          quantity: input.Quantity,
          unitPrice: input.UnitPrice,
          discountPercent: input.DiscountPercent,
          noInvoice: input.NoInvoice,
          rowVersion: input.RowVersion,
        },
        'any',
      ),
    );
    return readLine(this.db, caller, input.Id, 'any');
  }

  async remove(caller: Caller, id: number): Promise<{ Id: number }> {
    await changeWithEvents(this.db, (tx, emit) => removeLine(tx, emit, caller, id, 'any'));
    return { Id: id };
  }
}
