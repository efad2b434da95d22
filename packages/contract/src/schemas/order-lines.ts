import { z } from 'zod';
import { LocalDate } from '../http/common.ts';
import { hasAtMostDecimals } from '../rules/money.ts';
import { line, FIELD_MESSAGES as M, RefId, RowVersion } from './fields.ts';

export const MONEY_DECIMALS = 'At most two decimals.';
export const QUANTITY_DECIMALS = 'At most three decimals.';
export const ABOVE_ZERO = 'Must be above zero.';

/** A decimal sent as a number or a text with a dot or comma, kept as exact text ('1049.50'). */
const decimalText = (places: number, message: string) =>
  z
    .union([z.number(), z.string()], { error: M.decimal })
    .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/\s/g, '').replace(',', '.')))
    .refine((v) => /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(v), { message: M.decimal, abort: true })
    .refine((v) => hasAtMostDecimals(v, places), message)
    .refine((v) => Math.abs(Number(v)) < 1e9, M.decimal);

/** A price or amount: at most two decimals, not below zero (issue 14: 12.345 is refused). */
export const MoneyInput = decimalText(2, MONEY_DECIMALS).refine((v) => !v.startsWith('-'), M.decimal);
/** A quantity of a line (pieces, hours, litres): above zero, at most three decimals. */
export const QuantityInput = decimalText(3, QUANTITY_DECIMALS).refine((v) => Number(v) > 0, ABOVE_ZERO);
/** A stock count or correction: zero or more, at most three decimals. */
export const CountInput = decimalText(3, QUANTITY_DECIMALS).refine((v) => !v.startsWith('-'), M.decimal);
/** A discount in percent, 0 to 100 with two decimals. */
export const PercentInput = decimalText(2, MONEY_DECIMALS).refine(
  (v) => Number(v) >= 0 && Number(v) <= 100,
  M.decimal,
);

/**
 * One order line as every call that answers lines sends it (parts, time, orderdetail, invoice): a
 * part or hours on a machine sub-job (JobId) of the order's job (ParentJobId). Money and quantities
 * are numbers with at most two (money) or three (quantity) decimals, computed exactly on the server.
 * CostPrice is the staff's only: customers and partners get null.
 */
export const OrderLine = z.object({
  Id: z.number().int(),
  ParentJobId: z.number().int(),
  JobId: z.number().int(),
  ArticleId: z.number().int().nullable(),
  ArticleNumber: z.string(),
  Description: z.string(),
  Unit: z.string(),
  Quantity: z.number(),
  UnitPrice: z.number(),
  CostPrice: z.number().nullable(),
  DiscountPercent: z.number(),
  VatPercent: z.number(),
  /** Quantity × UnitPrice less the discount, to the cent. */
  AmountExclVat: z.number(),
  StoreId: z.number().int().nullable(),
  StoreName: z.string().nullable(),
  IsTime: z.boolean(),
  UserId: z.number().int().nullable(),
  UserName: z.string().nullable(),
  WorkDate: z.string().nullable(),
  NoInvoice: z.boolean(),
  LinkedToLineId: z.number().int().nullable(),
  Position: z.number().int(),
  Comment: z.string(),
  RowVersion,
});
export type OrderLine = z.infer<typeof OrderLine>;

/** The fields a part or time line is written with (parts/add-part, time/add, orderdetail/add). */
export const OrderLineFields = z.object({
  JobId: RefId,
  ArticleNumber: line(50),
  Description: line(300).optional(),
  Quantity: QuantityInput,
  UnitPrice: MoneyInput.optional(),
  DiscountPercent: PercentInput.optional(),
  StoreId: RefId.nullable().optional(),
  UserId: RefId.nullable().optional(),
  WorkDate: LocalDate.nullable().optional(),
  NoInvoice: z.boolean().optional(),
  Comment: line(1000).optional(),
});
