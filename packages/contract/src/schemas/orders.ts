import { z } from 'zod';
import {
  line,
  FIELD_MESSAGES as M,
  MAX_ID,
  QueryBool,
  RecordId,
  RefId,
  RowVersion,
  RowVersionInput,
  RowVersionQuery,
} from './fields.ts';
import { SubJobLines } from './job-parts.ts';
import { MoneyInput, OrderLine, OrderLineFields, PercentInput, QuantityInput } from './order-lines.ts';

/** orderdetail/job/{jobId}/change/{id}. */
export const OrderLineChangeParams = z.object({ jobId: RecordId, id: RecordId });
/** orderdetail/add/job/{jobId}, Order/OrderOptions/{jobId}, invoice/{jobId}. */
export const JobIdParams = z.object({ jobId: RecordId });

/** PUT orderdetail/add/job/{jobId}: a line on the sub-job in the path (a StoreId takes the stock). */
export const OrderLineAddInput = OrderLineFields.omit({ JobId: true });

/** PATCH orderdetail/job/{jobId}/change/{id}: the line's fields; the stock follows Quantity and StoreId. */
export const OrderLineChangeInput = z.object({
  ArticleNumber: OrderLineFields.shape.ArticleNumber.optional(),
  Description: line(300).optional(),
  Quantity: QuantityInput.optional(),
  UnitPrice: MoneyInput.optional(),
  DiscountPercent: PercentInput.optional(),
  StoreId: RefId.nullable().optional(),
  UserId: RefId.nullable().optional(),
  WorkDate: OrderLineFields.shape.WorkDate,
  NoInvoice: z.boolean().optional(),
  Comment: line(1000).optional(),
  RowVersion: RowVersionInput,
});

/** GET orderdetail/jobview/{jobId}: every line of the job's order, per machine sub-job. */
export const OrderJobView = z.object({
  /** The order's parent job. */
  JobId: z.number().int(),
  OrderId: z.string().nullable(),
  SubJobs: z.array(SubJobLines),
});
export type OrderJobView = z.infer<typeof OrderJobView>;

/** One job of an order (Order/AllJobOrders): the parent (IsParent) and its machine sub-jobs. */
export const OrderJob = z.object({
  JobId: z.number().int(),
  ParentJobId: z.number().int().nullable(),
  IsParent: z.boolean(),
  OrderId: z.string().nullable(),
  DisplayName: z.string(),
  MachineId: z.number().int().nullable(),
  MachineName: z.string(),
  JobStatusId: z.number().int(),
  NoInvoice: z.boolean(),
  LineCount: z.number().int(),
  /** The sum of its invoiced lines (the parent: of the whole order). */
  TotalAmountExclVat: z.number(),
});
export type OrderJob = z.infer<typeof OrderJob>;

/** A sub-job's part of the order's total (Order/GetTotal). */
export const SubJobTotal = z.object({
  JobId: z.number().int(),
  NoInvoice: z.boolean(),
  TotalDiscount: z.number(),
  TotalAmountExclVat: z.number(),
});

/**
 * Order/GetTotal/{id} (000 §3 'Order'): the order's lines and totals. Lines marked NoInvoice, and the
 * lines of a NoInvoice sub-job, are listed but not counted.
 */
export const OrderTotal = z.object({
  JobId: z.number().int(),
  OrderId: z.string().nullable(),
  OrderDetails: z.array(OrderLine),
  TotalDiscount: z.number(),
  TotalAmountExclVat: z.number(),
  SubJobs: z.array(SubJobTotal),
});
export type OrderTotal = z.infer<typeof OrderTotal>;

/** order/job/{id}: the order options of a job's order (its parent's). */
export const OrderOptions = z.object({
  /** The order's parent job. */
  JobId: z.number().int(),
  OrderId: z.string().nullable(),
  DepartmentId: z.number().int().nullable(),
  ProjectId: z.number().int().nullable(),
  InvoiceReference: z.string(),
  ServiceManagerComment: z.string(),
  NoInvoice: z.boolean(),
  InvoiceCustomerId: z.number().int().nullable(),
  SubJobs: z.array(z.object({ JobId: z.number().int(), NoInvoice: z.boolean() })),
  RowVersion,
});
export type OrderOptions = z.infer<typeof OrderOptions>;

/** An id in a query that may be cleared: empty or 0 is none. */
const ClearableQueryId = z
  .union([z.number(), z.string().regex(/^\d{0,10}$/, M.wholeNumber)], { error: M.wholeNumber })
  .transform((v) => (v === '' || Number(v) === 0 ? null : Number(v)))
  .pipe(z.number().int(M.wholeNumber).min(1).max(MAX_ID, 'Must be a valid id.').nullable());

/**
 * PATCH Order/OrderOptions/{jobId} (002 §3 'Order options'): only the parameters sent change.
 * DepartmentId, ProjectId, InvoiceReference and ServiceManagerComment are the order's (its parent
 * job's, also when {jobId} is a sub-job). NoInvoice is set on the job in the path: the parent, or
 * one machine sub-job. An empty or 0 DepartmentId or ProjectId clears it.
 */
export const OrderOptionsQuery = z.object({
  DepartmentId: ClearableQueryId.optional(),
  ProjectId: ClearableQueryId.optional(),
  InvoiceReference: line(200).optional(),
  ServiceManagerComment: line(2000).optional(),
  NoInvoice: QueryBool.optional(),
  RowVersion: RowVersionQuery.optional(),
});

/** An invoice line: an order line with its VAT (0 when the customer is FreeFromVat). */
export const InvoiceLine = OrderLine.extend({
  VatAmount: z.number(),
  AmountInclVat: z.number(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const InvoiceSubJob = z.object({
  JobId: z.number().int(),
  MachineId: z.number().int().nullable(),
  MachineName: z.string(),
  JobStatusId: z.number().int(),
  NoInvoice: z.boolean(),
  Lines: z.array(InvoiceLine),
  TotalAmountExclVat: z.number(),
  TotalVat: z.number(),
});
export type InvoiceSubJob = z.infer<typeof InvoiceSubJob>;

/** GET invoice/{jobId}: the pre-invoice of the job's order. */
export const Invoice = z.object({
  JobId: z.number().int(),
  OrderId: z.string().nullable(),
  Customer: z
    .object({
      Id: z.number().int(),
      CustomerNumber: z.string(),
      Name: z.string(),
      FreeFromVat: z.boolean(),
      /** The invoice customer set on the job (Order/Job/{id}/InvoiceCustomer) rather than its customer. */
      IsInvoiceCustomer: z.boolean(),
    })
    .nullable(),
  InvoiceReference: z.string(),
  NoInvoice: z.boolean(),
  /** The job's status keeps its lines as they are (approved, closed, deleted): no changes. */
  Locked: z.boolean(),
  SubJobs: z.array(InvoiceSubJob),
  TotalDiscount: z.number(),
  TotalAmountExclVat: z.number(),
  TotalVat: z.number(),
  TotalAmountInclVat: z.number(),
});
export type Invoice = z.infer<typeof Invoice>;

/** GET invoice/article/detail: answers null without an article number. */
export const InvoiceArticleQuery = z.object({
  articleNumber: z
    .string()
    .max(50, M.max(50))
    .transform((v) => v.trim())
    .optional(),
  childJobId: z
    .union([z.number(), z.string().regex(/^\d{0,10}$/, M.wholeNumber)], { error: M.wholeNumber })
    .transform((v) => (v === '' ? 0 : Number(v)))
    .pipe(z.number().int().min(0).max(MAX_ID, 'Must be a valid id.'))
    .optional(),
});

/** The article as an invoice line would take it, priced for the sub-job's customer. */
export const InvoiceArticle = z.object({
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  Name: z.string(),
  Description: z.string(),
  Unit: z.string(),
  UnitPrice: z.number(),
  DiscountPercent: z.number(),
  VatPercent: z.number(),
  IsTimeArticle: z.boolean(),
  IsStockItem: z.boolean(),
});
export type InvoiceArticle = z.infer<typeof InvoiceArticle>;

/** POST invoice/detail/move: to another machine sub-job of the same order. */
export const InvoiceMoveInput = z.object({ Id: RefId, ToJobId: RefId, RowVersion: RowVersionInput });
/** POST invoice/link: under another line of the same order; LinkToLineId null unlinks. */
export const InvoiceLinkInput = z.object({
  Id: RefId,
  LinkToLineId: RefId.nullable(),
  RowVersion: RowVersionInput,
});
/** POST invoice/update. */
export const InvoiceUpdateInput = z.object({
  Id: RefId,
  Description: line(300).optional(),
  Quantity: QuantityInput.optional(),
  UnitPrice: MoneyInput.optional(),
  DiscountPercent: PercentInput.optional(),
  NoInvoice: z.boolean().optional(),
  RowVersion: RowVersionInput,
});
/** POST invoice/delete. */
export const InvoiceDeleteInput = z.object({ Id: RefId });

/** A deleted line's id. */
export const DeletedLine = z.object({ Id: z.number().int() });
