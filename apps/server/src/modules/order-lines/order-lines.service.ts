import type { OrderJobView, OrderLine, OrderLineAddInput, OrderLineChangeInput } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { addLine, changeLine, removeLine } from './line-changes.ts';
import { groupedLines, readLine } from './order-lines.reads.ts';

/** An order's lines, parts and hours alike (002 §7.16 orderdetail). */
export class OrderLineService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  line(caller: Caller, id: number): Promise<OrderLine> {
    return readLine(this.db, caller, id, 'any');
  }

  async jobView(caller: Caller, jobId: number): Promise<OrderJobView> {
    const { order, groups } = await groupedLines(this.db, caller, jobId, undefined, true);
    return { JobId: order.parent.id, OrderId: order.parent.orderId, SubJobs: groups };
  }

  async add(caller: Caller, jobId: number, input: z.output<typeof OrderLineAddInput>): Promise<OrderLine> {
    const id = await changeWithEvents(this.db, (tx, emit) =>
      addLine(
        tx,
        emit,
        caller,
        {
          jobId,
          articleNumber: input.ArticleNumber,
          quantity: input.Quantity,
          unitPrice: input.UnitPrice,
          discountPercent: input.DiscountPercent,
          description: input.Description,
          storeId: input.StoreId,
          userId: input.UserId,
          workDate: input.WorkDate,
          noInvoice: input.NoInvoice,
          comment: input.Comment,
        },
        'any',
      ),
    );
    return readLine(this.db, caller, id, 'any');
  }

  async change(
    caller: Caller,
    jobId: number,
    id: number,
    input: z.output<typeof OrderLineChangeInput>,
  ): Promise<OrderLine> {
    await changeWithEvents(this.db, (tx, emit) =>
      changeLine(
        tx,
        emit,
        caller,
        id,
        {
          articleNumber: input.ArticleNumber,
          quantity: input.Quantity,
          unitPrice: input.UnitPrice,
          discountPercent: input.DiscountPercent,
          description: input.Description,
          storeId: input.StoreId,
          userId: input.UserId,
          workDate: input.WorkDate,
          noInvoice: input.NoInvoice,
          comment: input.Comment,
          rowVersion: input.RowVersion,
        },
        'any',
        { jobId },
      ),
    );
    return readLine(this.db, caller, id, 'any');
  }

  async remove(caller: Caller, id: number): Promise<{ Id: number }> {
    await changeWithEvents(this.db, (tx, emit) => removeLine(tx, emit, caller, id, 'any'));
    return { Id: id };
  }
}
