import { z } from 'zod';

/**
 * The dashboard's open orders (001 §2.7): jobs completed or approved (status 50–99) whose order lines
 * are not yet invoiced, with their totals (rules/money.ts), by department and by age.
 */
export const OpenOrder = z.object({
  JobId: z.number().int(),
  OrderId: z.string().nullable(),
  DisplayName: z.string(),
  CustomerName: z.string().nullable(),
  StatusId: z.number().int(),
  DepartmentId: z.number().int().nullable(),
  DepartmentName: z.string().nullable(),
  /** Days since the job was created. */
  AgeDays: z.number().int(),
  Lines: z.number().int(),
  AmountExclVat: z.number(),
  AmountInclVat: z.number(),
});
export type OpenOrder = z.infer<typeof OpenOrder>;

export const OpenOrderGroup = z.object({
  Key: z.string(),
  Name: z.string().nullable(),
  Orders: z.number().int(),
  AmountExclVat: z.number(),
});
export type OpenOrderGroup = z.infer<typeof OpenOrderGroup>;

/** The age groups, in days: 0–7, 8–30, 31–90, over 90. */
export const OPEN_ORDER_AGES = ['0-7', '8-30', '31-90', '90+'] as const;

export const OpenOrders = z.object({
  Orders: z.array(OpenOrder),
  ByDepartment: z.array(OpenOrderGroup),
  ByAge: z.array(OpenOrderGroup),
  TotalExclVat: z.number(),
  TotalInclVat: z.number(),
});
export type OpenOrders = z.infer<typeof OpenOrders>;
