import type { JobTime, OrderLine, TimeAddInput, TimeArticle, TimeUpdateInput } from '@fieldport/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Caller } from '../common/caller.ts';
import { changeWithEvents } from '../common/outbox.ts';
import { addLine, changeLine } from './line-changes.ts';
import { orderOf } from './order-access.ts';
import { groupedLines, readLine } from './order-lines.reads.ts';
import * as repo from './order-lines.repository.ts';
import { priceOf } from './pricing.ts';

/** Hours in thousandths: sums of three-decimal quantities stay exact as whole numbers. */
const thousandths = (q: number) => Math.round(q * 1000);

/**
 * A job's hours (002 §7.20): lines of time articles on machine sub-jobs, the quantity the hours, UserId
 * the technician (default the caller) and WorkDate the day worked.
 */
export class JobTimeService {
  private readonly db: Db;
  constructor(deps: { db: Db }) {
    this.db = deps.db;
  }

  async ofJob(caller: Caller, jobId: number): Promise<JobTime> {
    const { order, groups } = await groupedLines(this.db, caller, jobId, true);
    const lines = groups.flatMap((g) => g.Lines);
    const per = new Map<
      string,
      { UserId: number | null; UserName: string | null; JobId: number; h: number }
    >();
    for (const l of lines) {
      const key = `${l.UserId}:${l.JobId}`;
      const entry = per.get(key) ?? { UserId: l.UserId, UserName: l.UserName, JobId: l.JobId, h: 0 };
      entry.h += thousandths(l.Quantity);
      per.set(key, entry);
    }
    return {
      JobId: order.job.id,
      Lines: lines,
      PerTechnician: [...per.values()].map(({ h, ...e }) => ({ ...e, Hours: h / 1000 })),
      TotalHours: lines.reduce((s, l) => s + thousandths(l.Quantity), 0) / 1000,
    };
  }

  line(caller: Caller, id: number): Promise<OrderLine> {
    return readLine(this.db, caller, id, 'time');
  }

  /** The active time articles at the job's customer's price, read in one statement. */
  async articles(caller: Caller, jobId: number): Promise<TimeArticle[]> {
    const order = await orderOf(this.db, caller, jobId);
    const rows = await repo.timeArticles(this.db, order.parent.customerId);
    return rows.map(({ article: a, ownUnitPrice, ownDiscountPercent }) => {
      const own =
        ownDiscountPercent === null ? null : { unitPrice: ownUnitPrice, discountPercent: ownDiscountPercent };
      return {
        ArticleId: a.id,
        ArticleNumber: a.articleNumber,
        Name: a.name,
        Unit: a.unit,
        UnitPrice: Number(priceOf(a, own).netUnitPrice),
        VatPercent: Number(a.vatPercent),
      };
    });
  }

  async add(caller: Caller, input: z.output<typeof TimeAddInput>): Promise<OrderLine> {
    const id = await changeWithEvents(this.db, (tx, emit) =>
      addLine(
        tx,
        emit,
        caller,
        {
          jobId: input.JobId,
          articleNumber: input.ArticleNumber,
          quantity: input.Quantity,
          workDate: input.WorkDate,
          userId: input.UserId,
          description: input.Description,
          unitPrice: input.UnitPrice,
          discountPercent: input.DiscountPercent,
          noInvoice: input.NoInvoice,
          comment: input.Comment,
        },
        'time',
      ),
    );
    return readLine(this.db, caller, id, 'time');
  }

  async update(caller: Caller, input: z.output<typeof TimeUpdateInput>): Promise<OrderLine> {
    await changeWithEvents(this.db, (tx, emit) =>
      changeLine(
        tx,
        emit,
        caller,
        input.Id,
        {
          articleNumber: input.ArticleNumber,
          quantity: input.Quantity,
          workDate: input.WorkDate,
          userId: input.UserId,
          description: input.Description,
          unitPrice: input.UnitPrice,
          discountPercent: input.DiscountPercent,
          noInvoice: input.NoInvoice,
          comment: input.Comment,
          rowVersion: input.RowVersion,
        },
        'time',
      ),
    );
    return readLine(this.db, caller, input.Id, 'time');
  }
}
