import { z } from 'zod';
import { LocalDate } from '../http/common.ts';
import { line, FIELD_MESSAGES as M, MAX_ID, RecordId, RefId, RowVersionInput } from './fields.ts';
import { MoneyInput, OrderLine, OrderLineFields, PercentInput, QuantityInput } from './order-lines.ts';

/** An article number in a query: empty or left out means none (the lookups then answer nothing). */
const ArticleNumberQuery = z
  .string()
  .max(50, M.max(50))
  .transform((v) => v.trim())
  .optional();

/** An optional id in a query; 0 or empty is none. */
const OptionalQueryId = z
  .union([z.number(), z.string().regex(/^\d{0,10}$/, M.wholeNumber)], { error: M.wholeNumber })
  .transform((v) => (v === '' ? 0 : Number(v)))
  .pipe(z.number().int(M.wholeNumber).min(0).max(MAX_ID, 'Must be a valid id.'))
  .optional();

/** GET parts/ (002 §7.17): the part lookup. Without an article number it answers null. */
export const PartLookupQuery = z.object({
  articleNumber: ArticleNumberQuery,
  jobId: OptionalQueryId,
  customerNumber: z.string().max(50, M.max(50)).optional(),
  machineId: OptionalQueryId,
});

/** An article's stock in one store (staff only). */
export const StoreStock = z.object({
  StoreId: z.number().int(),
  StoreName: z.string(),
  /** 1 store, 2 van. */
  StoreType: z.number().int(),
  /** The van's driver (StoreType 2). */
  UserId: z.number().int().nullable(),
  Quantity: z.number(),
  AllowNegative: z.boolean(),
});
export type StoreStock = z.infer<typeof StoreStock>;

/** The part lookup's answer: the article, the customer's price, its common-part quantity and the stock per active store. */
export const PartLookup = z.object({
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  Name: z.string(),
  Description: z.string(),
  Unit: z.string(),
  SalesPrice: z.number(),
  /** What the customer pays per unit before DiscountPercent (customer price or sales price). */
  UnitPrice: z.number(),
  DiscountPercent: z.number(),
  VatPercent: z.number(),
  CostPrice: z.number().nullable(),
  IsTimeArticle: z.boolean(),
  IsStockItem: z.boolean(),
  /**
   * How many of the article the common parts of the machine's model take (the machine of machineId,
   * or of the sub-job jobId); null when it is not one of them or no machine is known.
   */
  CommonPartQuantity: z.number().nullable(),
  Stock: z.array(StoreStock),
});
export type PartLookup = z.infer<typeof PartLookup>;

/** The lines of one machine sub-job of an order (job-parts, orderdetail/jobview, time). */
export const SubJobLines = z.object({
  /** The machine sub-job. */
  JobId: z.number().int(),
  ParentJobId: z.number().int(),
  MachineId: z.number().int().nullable(),
  MachineName: z.string(),
  JobStatusId: z.number().int(),
  NoInvoice: z.boolean(),
  Lines: z.array(OrderLine),
});
export type SubJobLines = z.infer<typeof SubJobLines>;

/** customer-price/{customerId}: 0 is no customer (the answer is then 0). */
export const CustomerPriceParams = z.object({
  customerId: z
    .union([z.number(), z.string().regex(/^\d{1,10}$/, M.wholeNumber)], { error: M.wholeNumber })
    .transform(Number)
    .pipe(z.number().int(M.wholeNumber).min(0).max(MAX_ID, 'Must be a valid id.')),
});
export const CustomerPriceQuery = z.object({
  articleNumber: ArticleNumberQuery,
  machineId: OptionalQueryId,
  childJobId: OptionalQueryId,
});
/** The unit price the customer pays for the article (before a line's own discount); 0 when unknown. */
export const CustomerPrice = z.object({
  UnitPrice: z.number(),
  /** The customer's discount in percent that UnitPrice already has taken off (0 when none). */
  DiscountPercent: z.number(),
  SalesPrice: z.number(),
});
export type CustomerPrice = z.infer<typeof CustomerPrice>;

/**
 * POST parts/add-part: a part on a machine sub-job (JobId), taken from StoreId when the article is a
 * stock item (StoreId is required then; null for a service article). UnitPrice and DiscountPercent
 * default to the customer's price.
 */
export const PartAddInput = OrderLineFields.pick({
  JobId: true,
  ArticleNumber: true,
  Description: true,
  Quantity: true,
  UnitPrice: true,
  DiscountPercent: true,
  StoreId: true,
  NoInvoice: true,
  Comment: true,
});

/** POST parts/update-part: quantity or store (the stock moves with it), price, discount, texts. */
export const PartUpdateInput = z.object({
  Id: RefId,
  Quantity: QuantityInput.optional(),
  StoreId: RefId.nullable().optional(),
  UnitPrice: MoneyInput.optional(),
  DiscountPercent: PercentInput.optional(),
  Description: line(300).optional(),
  NoInvoice: z.boolean().optional(),
  Comment: line(1000).optional(),
  RowVersion: RowVersionInput,
});

/** A job id in the query (time/time-report-articles). */
export const JobIdQuery = z.object({ jobId: RecordId });

/** A time article one may report hours with (time/time-report-articles). */
export const TimeArticle = z.object({
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  Name: z.string(),
  Unit: z.string(),
  /** The customer's price per hour. */
  UnitPrice: z.number(),
  VatPercent: z.number(),
});
export type TimeArticle = z.infer<typeof TimeArticle>;

/** Hours of one technician on one sub-job. */
export const TechnicianHours = z.object({
  UserId: z.number().int().nullable(),
  UserName: z.string().nullable(),
  JobId: z.number().int(),
  Hours: z.number(),
});

/** GET time/{jobId}: the order's time lines, and their hours per technician and sub-job. */
export const JobTime = z.object({
  JobId: z.number().int(),
  Lines: z.array(OrderLine),
  PerTechnician: z.array(TechnicianHours),
  TotalHours: z.number(),
});
export type JobTime = z.infer<typeof JobTime>;

/** POST time/add: hours (Quantity) of a time article on a sub-job; UserId defaults to the caller. */
export const TimeAddInput = z.object({
  JobId: RefId,
  ArticleNumber: OrderLineFields.shape.ArticleNumber,
  Quantity: QuantityInput,
  WorkDate: LocalDate,
  UserId: RefId.nullable().optional(),
  Description: line(300).optional(),
  UnitPrice: MoneyInput.optional(),
  DiscountPercent: PercentInput.optional(),
  NoInvoice: z.boolean().optional(),
  Comment: line(1000).optional(),
});

/** POST time/detail/update: a time line's hours, day, technician, article or texts. */
export const TimeUpdateInput = z.object({
  Id: RefId,
  ArticleNumber: OrderLineFields.shape.ArticleNumber.optional(),
  Quantity: QuantityInput.optional(),
  WorkDate: LocalDate.optional(),
  UserId: RefId.nullable().optional(),
  Description: line(300).optional(),
  UnitPrice: MoneyInput.optional(),
  DiscountPercent: PercentInput.optional(),
  NoInvoice: z.boolean().optional(),
  Comment: line(1000).optional(),
  RowVersion: RowVersionInput,
});
