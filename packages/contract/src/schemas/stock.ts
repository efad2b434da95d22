import { z } from 'zod';
import { LocalDate, LocalDateTime } from '../http/common.ts';
import { line, PagedQuery, QueryBool, RecordId, RefId, SearchText } from './fields.ts';
import { CountInput, QuantityInput } from './order-lines.ts';

/** 1 a store, 2 a technician's van (its UserId the driver). */
export const StoreType = { Store: 1, Van: 2 } as const;

/** A store or van (Store/GetAll). */
export const Store = z.object({
  Id: z.number().int(),
  Name: z.string(),
  StoreType: z.number().int(),
  UserId: z.number().int().nullable(),
  UserName: z.string().nullable(),
  AllowNegative: z.boolean(),
  IsActive: z.boolean(),
});
export type Store = z.infer<typeof Store>;

/** A store's stock of one article (Store/GetStoresWithStock): the caller's own van first, even at 0. */
export const ArticleStockInStore = z.object({
  StoreId: z.number().int(),
  StoreName: z.string(),
  StoreType: z.number().int(),
  UserId: z.number().int().nullable(),
  ArticleId: z.number().int(),
  Quantity: z.number(),
  Location: z.string(),
  /** The caller's own van. */
  IsMine: z.boolean(),
});
export type ArticleStockInStore = z.infer<typeof ArticleStockInStore>;
export const StoreArticleNumberParams = z.object({ article: line(50).pipe(z.string().min(1)) });

/** An article of a store's assortment with its stock (Store/StoreArticles, Inventory/{query}). */
export const StoreArticle = z.object({
  StoreId: z.number().int(),
  StoreName: z.string(),
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  ArticleName: z.string(),
  Unit: z.string(),
  Quantity: z.number(),
  Location: z.string(),
  MinQuantity: z.number(),
});
export type StoreArticle = z.infer<typeof StoreArticle>;
export const StoreArticlesQuery = PagedQuery.extend({ SearchWord: SearchText.optional() });

/** Store/Articles: articles put in a store's assortment, with their location and minimum. */
export const StoreArticlesInput = z.object({
  StoreId: RefId,
  Articles: z
    .array(
      z.object({
        ArticleId: RefId,
        Location: line(50).optional(),
        MinQuantity: CountInput.optional(),
      }),
    )
    .min(1)
    .max(500),
});

/** Inventory/{query}: an article number or a part of a name. */
export const InventoryQueryParams = z.object({ query: line(100).pipe(z.string().min(1)) });

/** Inventory/Movements: newest first; onlyLockedLines for the booked ones alone. */
export const MovementsQuery = PagedQuery.extend({
  onlyLockedLines: QueryBool.default(false),
  StoreId: RecordId.optional(),
  ArticleId: RecordId.optional(),
  FromDate: LocalDate.optional(),
  ToDate: LocalDate.optional(),
});

/** One stock movement: why (Reason 1 received, 2 used on a job, 3 back from a job, 4 counted, 5 moved). */
export const StockMovement = z.object({
  Id: z.number().int(),
  StoreId: z.number().int(),
  StoreName: z.string(),
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  ArticleName: z.string(),
  Quantity: z.number(),
  Reason: z.number().int(),
  IsLocked: z.boolean(),
  Comment: z.string(),
  UserId: z.number().int().nullable(),
  UserName: z.string().nullable(),
  OrderLineId: z.number().int().nullable(),
  /** The machine sub-job of the line, and its order's job. */
  JobId: z.number().int().nullable(),
  ParentJobId: z.number().int().nullable(),
  CreatedAt: LocalDateTime,
});
export type StockMovement = z.infer<typeof StockMovement>;

/** A common part of a machine model with the caller's van stock (parts/my-common-…). */
export const MyCommonPart = z.object({
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  ArticleName: z.string(),
  Unit: z.string(),
  Quantity: z.number(),
  Position: z.number().int(),
  InVan: z.number(),
  Location: z.string(),
});
export type MyCommonPart = z.infer<typeof MyCommonPart>;

/** Store/CommontPartsForMyJobs: today and the coming Days (default 7). */
export const PickingListQuery = z.object({
  Days: z.coerce.number({ error: 'Must be a valid whole number.' }).int().min(1).max(60).default(7),
});
/** One article of the picking list: what the caller's planned jobs need, what the van holds, what to pick. */
export const PickingLine = z.object({
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  ArticleName: z.string(),
  Unit: z.string(),
  Needed: z.number(),
  InVan: z.number(),
  ToPick: z.number(),
  Location: z.string(),
  Jobs: z.array(
    z.object({
      JobId: z.number().int(),
      ParentJobId: z.number().int(),
      OrderId: z.string().nullable(),
      DisplayName: z.string(),
      MachineName: z.string(),
      Date: z.string(),
      Quantity: z.number(),
    }),
  ),
});
export type PickingLine = z.infer<typeof PickingLine>;

/** Store/MoveStock: one article from a store to another (two reason-5 movements in one transaction). */
export const MoveStockInput = z.object({
  FromStoreId: RefId,
  ToStoreId: RefId,
  ArticleId: RefId,
  Quantity: QuantityInput,
  Comment: line(300).default(''),
});
export const MoveStockResult = z.object({ FromBalance: z.number(), ToBalance: z.number() });

/** Store/ReceiveStock: goods received into a store (reason 1). */
export const ReceiveStockInput = z.object({
  StoreId: RefId,
  ArticleId: RefId,
  Quantity: QuantityInput,
  Comment: line(300).default(''),
});
export const StockBalance = z.object({
  StoreId: z.number().int(),
  ArticleId: z.number().int(),
  Balance: z.number(),
});

/** Inventory/Count: the counted quantities of a store; the differences are booked as locked reason-4 movements. */
export const InventoryCountInput = z.object({
  StoreId: RefId,
  Lines: z
    .array(z.object({ ArticleId: RefId, Counted: CountInput }))
    .min(1)
    .max(2000)
    .refine((lines) => new Set(lines.map((l) => l.ArticleId)).size === lines.length, 'Each article once.'),
  Comment: line(300).default(''),
});
export const CountDifference = z.object({
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  ArticleName: z.string(),
  Before: z.number(),
  Counted: z.number(),
  Difference: z.number(),
});
export const InventoryCountResult = z.object({
  StoreId: z.number().int(),
  Differences: z.array(CountDifference),
});
export type CountDifference = z.infer<typeof CountDifference>;
