import { languageOf, localName, serverMessage, unitInLanguage } from '@fieldport/contract';
import type { Caller } from '../common/caller.ts';
import type { Tx } from '../common/db.ts';
import { fieldRefusal, recordNotFound, refusal, writtenRefusal } from '../common/errors.ts';
import type { ChangeType, Emit } from '../common/outbox.ts';
import { assertCurrent, savedAt } from '../common/row-version.ts';
import { logJobChange } from '../jobs/job-log.ts';
import { moveStock, StockReason } from '../stock/stock.api.ts';
import { assertHoursFit, assertWeekOpen } from '../work-days/day-rules.ts';
import { assertOpen, type OrderOf, orderLineRefusal, orderOf, writableSubJob } from './order-access.ts';
import * as repo from './order-lines.repository.ts';
import { priceFor } from './pricing.ts';

/** Which lines a call works on: parts (no hours), hours (time articles), or any line. */
export type LineKind = 'part' | 'time' | 'any';

/** A new line's fields as the calls send them (decimals as exact text). */
export interface NewLine {
  jobId: number;
  articleNumber: string;
  quantity: string;
  unitPrice?: string | undefined;
  discountPercent?: string | undefined;
  description?: string | undefined;
  storeId?: number | null | undefined;
  userId?: number | null | undefined;
  workDate?: string | null | undefined;
  noInvoice?: boolean | undefined;
  comment?: string | undefined;
}

/** A line's change: only the fields given change; null clears StoreId, UserId, WorkDate, LinkedToLineId. */
export interface LineChange {
  articleNumber?: string | undefined;
  quantity?: string | undefined;
  unitPrice?: string | undefined;
  discountPercent?: string | undefined;
  description?: string | undefined;
  storeId?: number | null | undefined;
  userId?: number | null | undefined;
  workDate?: string | null | undefined;
  noInvoice?: boolean | undefined;
  comment?: string | undefined;
  /** Another machine sub-job of the same order (invoice/detail/move). */
  jobId?: number | undefined;
  linkedToLineId?: number | null | undefined;
  rowVersion?: number | undefined;
}

const negate = (q: string) => (q.startsWith('-') ? q.slice(1) : `-${q}`);
const shown = (q: string) => String(Number(q));

async function articleFor(tx: Tx, caller: Caller, articleNumber: string, kind: LineKind) {
  const article = await repo.findArticleByNumber(tx, articleNumber);
  if (!article?.isActive)
    throw fieldRefusal(caller, 'ArticleNumber', 'article_unknown', { number: articleNumber });
  if (kind === 'time' && !article.isTimeArticle)
    throw fieldRefusal(caller, 'ArticleNumber', 'order_line_time_article', { number: articleNumber });
  if (kind === 'part' && article.isTimeArticle)
    throw fieldRefusal(caller, 'ArticleNumber', 'order_line_not_time_article', { number: articleNumber });
  return article;
}

async function storeFor(tx: Tx, caller: Caller, storeId: number) {
  const store = await repo.findStore(tx, storeId);
  if (!store?.isActive) throw fieldRefusal(caller, 'StoreId', 'order_line_store_unknown', { id: storeId });
  return store;
}

async function userFor(tx: Tx, caller: Caller, userId: number) {
  const user = await repo.findUser(tx, userId);
  if (!user) throw recordNotFoundField(caller, userId);
  return user;
}
const recordNotFoundField = (caller: Caller, id: number) => {
  const message = serverMessage('record_not_found', caller.lang, {
    object: serverMessage('object_user', caller.lang),
    id,
  });
  return writtenRefusal(400, message, 'UserId');
};

/**
 * Takes (quantity above zero) or gives back stock for a line, and announces the article's change event
 * (its stock changed); a take the store lacks answers 409 stock_short.
 */
async function moveFor(
  tx: Tx,
  emit: Emit,
  caller: Caller,
  line: { id: number; storeId: number; articleId: number; articleNumber: string; unit: string },
  quantity: string,
  take: boolean,
) {
  const result = await moveStock(tx, {
    storeId: line.storeId,
    articleId: line.articleId,
    quantity: take ? negate(quantity) : quantity,
    reason: take ? StockReason.UsedOnJob : StockReason.BackFromJob,
    orderLineId: line.id,
    userId: caller.user.id,
  });
  if (!result.ok) {
    const store = await repo.findStore(tx, line.storeId);
    throw refusal(409, 'stock_short', {
      values: {
        available: shown(result.available),
        unit: unitInLanguage(line.unit, languageOf(caller.lang)),
        article: line.articleNumber,
        store: store ? localName(store, languageOf(caller.lang)) : String(line.storeId),
      },
    });
  }
  emit({
    entity: 'article',
    entityId: line.articleId,
    changeType: 'Change',
    userId: caller.user.id,
    payload: { StoreId: line.storeId },
  });
}

/** The order and job events and the job's history line of a change of its lines. */
async function announce(
  tx: Tx,
  emit: Emit,
  caller: Caller,
  o: OrderOf,
  changeType: ChangeType,
  lineId: number,
  field: string,
  oldValue: string | null,
  newValue: string | null,
) {
  emit({
    entity: 'order',
    entityId: o.parent.id,
    changeType: 'Change',
    userId: caller.user.id,
    payload: { JobId: o.parent.id, MachineJobId: o.job.id, OrderLineId: lineId, LineChange: changeType },
  });
  await logJobChange(
    tx,
    caller,
    o.job,
    'Change',
    [{ Field: field, OldValue: oldValue, NewValue: newValue }],
    {
      emit,
    },
  );
}

const described = (l: { quantity: string; unit: string; articleNumber: string; description: string }) =>
  `${shown(l.quantity)} ${l.unit} ${l.articleNumber} ${l.description}`.trim();
const fieldOf = (isTime: boolean) => (isTime ? 'Time' : 'Part');

/**
 * Adds a line to a machine sub-job of an order: the article's price for the job's customer unless
 * given, and for a stock item taken from a store the stock movement (reason 2) in the same
 * transaction. Answers the line's id.
 */
export async function addLine(tx: Tx, emit: Emit, caller: Caller, input: NewLine, kind: LineKind) {
  const o = await writableSubJob(tx, caller, input.jobId);
  const article = await articleFor(tx, caller, input.articleNumber, kind);
  const isTime = article.isTimeArticle;
  const stockTaken = !isTime && article.isStockItem;
  let storeId: number | null = null;
  if (stockTaken && input.storeId) storeId = (await storeFor(tx, caller, input.storeId)).id;
  else if (stockTaken && kind === 'part')
    throw fieldRefusal(caller, 'StoreId', 'order_line_store_required', { article: article.articleNumber });
  const userId = isTime ? (input.userId ?? caller.user.id) : (input.userId ?? null);
  if (userId !== null && userId !== caller.user.id) await userFor(tx, caller, userId);
  // Hours are the week time report's too (decision 046): at most 24 a day, none in an approved week.
  if (isTime && userId !== null && input.workDate)
    await assertHoursFit(tx, caller, {
      userId,
      day: input.workDate,
      hours: input.quantity,
      field: 'Quantity',
    });
  const price = await priceFor(tx, o.parent.customerId, article);
  const values: repo.NewLineRow = {
    parentJobId: o.parent.id,
    jobId: o.job.id,
    articleId: article.id,
    articleNumber: article.articleNumber,
    description: input.description ?? article.name,
    unit: article.unit,
    quantity: input.quantity,
    unitPrice: input.unitPrice ?? price.lineUnitPrice,
    costPrice: article.costPrice,
    discountPercent: input.discountPercent ?? price.lineDiscountPercent,
    vatPercent: article.vatPercent,
    storeId,
    isTime,
    userId,
    workDate: input.workDate ?? null,
    noInvoice: input.noInvoice ?? false,
    position: await repo.nextPosition(tx, o.parent.id),
    comment: input.comment ?? '',
    createdBy: caller.user.id,
  };
  const id = await repo.insertLine(tx, values);
  if (storeId !== null)
    await moveFor(
      tx,
      emit,
      caller,
      { id, storeId, articleId: article.id, articleNumber: article.articleNumber, unit: article.unit },
      input.quantity,
      true,
    );
  await announce(
    tx,
    emit,
    caller,
    o,
    'New',
    id,
    fieldOf(isTime),
    null,
    described({
      quantity: input.quantity,
      unit: article.unit,
      articleNumber: article.articleNumber,
      description: values.description ?? '',
    }),
  );
  return id;
}

/** A line the caller may change, of the kind the call works on, with its order (open to change). */
async function lineToChange(tx: Tx, caller: Caller, id: number, kind: LineKind, jobId?: number) {
  const row = await repo.findLine(tx, id, true);
  const wrongKind = row && ((kind === 'part' && row.line.isTime) || (kind === 'time' && !row.line.isTime));
  const wrongJob = row && jobId !== undefined && row.line.jobId !== jobId && row.line.parentJobId !== jobId;
  if (!row || wrongKind || wrongJob) throw recordNotFound(caller, 'object_order_line', id);
  const o = await orderOf(tx, caller, row.line.jobId);
  assertOpen(caller, o);
  return { row, o };
}

/**
 * Changes a line. A new quantity, store or article of a line that took stock gives the old back
 * (reason 3) and takes the new (reason 2) in the same transaction; 409 stock_short when short.
 */
export async function changeLine(
  tx: Tx,
  emit: Emit,
  caller: Caller,
  id: number,
  change: LineChange,
  kind: LineKind,
  opts: { jobId?: number } = {},
) {
  const { row, o } = await lineToChange(tx, caller, id, kind, opts.jobId);
  const before = row.line;
  assertCurrent(caller, before, change.rowVersion);
  const values: Partial<repo.NewLineRow> = {};

  let article = before.articleId === null ? null : await repo.findArticle(tx, before.articleId);
  if (
    change.articleNumber !== undefined &&
    change.articleNumber.toLowerCase() !== before.articleNumber.toLowerCase()
  ) {
    article = await articleFor(
      tx,
      caller,
      change.articleNumber,
      kind === 'any' ? (before.isTime ? 'time' : 'part') : kind,
    );
    const price = await priceFor(tx, o.parent.customerId, article);
    Object.assign(values, {
      articleId: article.id,
      articleNumber: article.articleNumber,
      unit: article.unit,
      vatPercent: article.vatPercent,
      costPrice: article.costPrice,
      isTime: article.isTimeArticle,
      description: change.description ?? article.name,
      unitPrice: change.unitPrice ?? price.lineUnitPrice,
      discountPercent: change.discountPercent ?? price.lineDiscountPercent,
    });
  }
  let target = o;
  if (change.jobId !== undefined && change.jobId !== before.jobId) {
    target = await orderOf(tx, caller, change.jobId);
    if (target.job.parentId !== before.parentJobId)
      throw orderLineRefusal(caller, 400, 'order_line_other_order', 'ToJobId');
    assertOpen(caller, target);
    values.jobId = target.job.id;
  }
  if (change.linkedToLineId !== undefined && change.linkedToLineId !== before.linkedToLineId) {
    if (change.linkedToLineId !== null) {
      const under = await repo.findLine(tx, change.linkedToLineId);
      if (!under || under.line.parentJobId !== before.parentJobId)
        throw orderLineRefusal(caller, 400, 'order_line_other_order', 'LinkToLineId');
      if (
        under.line.id === before.id ||
        under.line.linkedToLineId !== null ||
        (await repo.hasLinkedLines(tx, before.id))
      )
        throw orderLineRefusal(caller, 400, 'order_line_link_invalid', 'LinkToLineId');
    }
    values.linkedToLineId = change.linkedToLineId;
  }
  if (change.quantity !== undefined) values.quantity = change.quantity;
  if (change.unitPrice !== undefined) values.unitPrice = change.unitPrice;
  if (change.discountPercent !== undefined) values.discountPercent = change.discountPercent;
  if (change.description !== undefined) values.description = change.description;
  if (change.noInvoice !== undefined) values.noInvoice = change.noInvoice;
  if (change.comment !== undefined) values.comment = change.comment;
  if (change.workDate !== undefined) values.workDate = change.workDate;
  if (change.userId !== undefined) {
    if (change.userId !== null && change.userId !== caller.user.id) await userFor(tx, caller, change.userId);
    values.userId = change.userId;
  }

  // Stock: a line holds stock while it has a store; the new store, article or quantity moves it.
  const isTime = values.isTime ?? before.isTime;
  const stockItem = !!article && article.isStockItem && !isTime;
  let storeId = change.storeId !== undefined ? change.storeId : before.storeId;
  if (!stockItem) storeId = null;
  if (storeId !== null && storeId !== before.storeId) await storeFor(tx, caller, storeId);
  if (stockItem && storeId === null && kind === 'part')
    throw fieldRefusal(caller, 'StoreId', 'order_line_store_required', { article: article!.articleNumber });
  const quantity = values.quantity ?? before.quantity;
  const articleId = values.articleId ?? before.articleId;
  const stockMoves =
    storeId !== before.storeId ||
    articleId !== before.articleId ||
    (storeId !== null && Number(quantity) !== Number(before.quantity));
  if (storeId !== before.storeId) values.storeId = storeId;
  if (stockMoves && before.storeId !== null && before.articleId !== null)
    await moveFor(
      tx,
      emit,
      caller,
      { ...before, storeId: before.storeId, articleId: before.articleId },
      before.quantity,
      false,
    );
  if (stockMoves && storeId !== null && article)
    await moveFor(
      tx,
      emit,
      caller,
      { id, storeId, articleId: article.id, articleNumber: article.articleNumber, unit: article.unit },
      quantity,
      true,
    );

  if (Object.keys(values).length === 0) return id;
  if (before.isTime && before.userId !== null && before.workDate)
    await assertWeekOpen(tx, caller, before.userId, before.workDate);
  const hoursUser = values.userId !== undefined ? values.userId : before.userId;
  const hoursDay = values.workDate !== undefined ? values.workDate : before.workDate;
  if (isTime && hoursUser !== null && hoursDay)
    await assertHoursFit(tx, caller, {
      userId: hoursUser,
      day: hoursDay,
      hours: quantity,
      field: 'Quantity',
      except: { kind: 'Job', id },
    });
  savedAt(caller, await repo.updateLine(tx, id, values, change.rowVersion));
  const after = { ...before, ...values } as typeof before;
  await announce(
    tx,
    emit,
    caller,
    target,
    'Change',
    id,
    fieldOf(after.isTime),
    described(before),
    described(after),
  );
  if (target !== o)
    await announce(tx, emit, caller, o, 'Change', id, fieldOf(after.isTime), described(before), null);
  return id;
}

/** Deletes a line; a line that took stock gives it back to its store (reason 3) in the same transaction. */
export async function removeLine(tx: Tx, emit: Emit, caller: Caller, id: number, kind: LineKind) {
  const { row, o } = await lineToChange(tx, caller, id, kind);
  const l = row.line;
  if (l.isTime && l.userId !== null && l.workDate) await assertWeekOpen(tx, caller, l.userId, l.workDate);
  if (l.storeId !== null && l.articleId !== null)
    await moveFor(tx, emit, caller, { ...l, storeId: l.storeId, articleId: l.articleId }, l.quantity, false);
  await repo.deleteLine(tx, id);
  await announce(tx, emit, caller, o, 'Delete', id, fieldOf(l.isTime), described(l), null);
}
