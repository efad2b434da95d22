import { z } from 'zod';
import {
  line,
  FIELD_MESSAGES as M,
  PagedQuery,
  QueryBool,
  RecordId,
  Ref,
  RefId,
  RowVersion,
  RowVersionInput,
  requiredLine,
  SearchText,
} from './fields.ts';
import { MoneyInput, PercentInput, QuantityInput } from './order-lines.ts';

/**
 * An article (002 §7.3): a spare part, consumable or time article. Money and quantities are JSON
 * numbers with at most two (money) or three (quantity) decimals. Only staff call these routes, so
 * CostPrice (the purchase price) is always answered.
 */
export const Article = z.object({
  Id: z.number().int(),
  ArticleNumber: z.string(),
  Name: z.string(),
  Description: z.string(),
  Unit: z.string(),
  CostPrice: z.number(),
  SalesPrice: z.number(),
  VatPercent: z.number(),
  IsTimeArticle: z.boolean(),
  IsStockItem: z.boolean(),
  SupplierId: z.number().int().nullable(),
  Supplier: Ref.nullable(),
  SupplierArticleNumber: z.string(),
  Ean: z.string(),
  ImagePath: z.string().nullable(),
  IsActive: z.boolean(),
  RowVersion,
});
export type Article = z.infer<typeof Article>;

/** An article's stock in one store: the sum of the store's movements of it. */
export const ArticleStock = z.object({
  StoreId: z.number().int(),
  StoreName: z.string(),
  StoreType: z.number().int(),
  Quantity: z.number(),
});

/** A job category the article comes along with, and how many. */
export const ArticleJobCategory = z.object({
  Id: z.number().int(),
  JobCategoryId: z.number().int(),
  Name: z.string(),
  Quantity: z.number(),
});

/** Article/{number}: the article with its stock per store and its job categories. */
export const ArticleDetail = Article.extend({
  Stock: z.array(ArticleStock),
  JobCategories: z.array(ArticleJobCategory),
});
export type ArticleDetail = z.infer<typeof ArticleDetail>;

export const ARTICLE_UNITS = ['pcs', 'h', 'l', 'm', 'kg', 'set'] as const;

const articleFields = {
  ArticleNumber: requiredLine(50),
  Name: requiredLine(200),
  Description: line(2000),
  Unit: requiredLine(20),
  CostPrice: MoneyInput,
  SalesPrice: MoneyInput,
  VatPercent: PercentInput,
  IsTimeArticle: z.boolean(),
  IsStockItem: z.boolean(),
  SupplierId: RefId.nullable(),
  SupplierArticleNumber: line(50),
  Ean: line(20).refine((v) => /^\d*$/.test(v), M.wholeNumber),
  IsActive: z.boolean(),
};

/** The Article part of POST Article/ (multipart with ImageFile). */
export const ArticleInput = z.object({
  ...articleFields,
  Description: articleFields.Description.default(''),
  Unit: articleFields.Unit.default('pcs'),
  CostPrice: articleFields.CostPrice.default('0'),
  SalesPrice: articleFields.SalesPrice.default('0'),
  VatPercent: articleFields.VatPercent.default('25'),
  IsTimeArticle: articleFields.IsTimeArticle.default(false),
  IsStockItem: articleFields.IsStockItem.default(true),
  SupplierId: articleFields.SupplierId.optional(),
  SupplierArticleNumber: articleFields.SupplierArticleNumber.default(''),
  Ean: articleFields.Ean.default(''),
  IsActive: articleFields.IsActive.default(true),
});

/** The Article part of PATCH Article/: Id, the fields that change, RowVersion (decision 026). */
export const ArticleChangeInput = z.object({
  Id: RefId,
  ArticleNumber: articleFields.ArticleNumber.optional(),
  Name: articleFields.Name.optional(),
  Description: articleFields.Description.optional(),
  Unit: articleFields.Unit.optional(),
  CostPrice: articleFields.CostPrice.optional(),
  SalesPrice: articleFields.SalesPrice.optional(),
  VatPercent: articleFields.VatPercent.optional(),
  IsTimeArticle: articleFields.IsTimeArticle.optional(),
  IsStockItem: articleFields.IsStockItem.optional(),
  SupplierId: articleFields.SupplierId.optional(),
  SupplierArticleNumber: articleFields.SupplierArticleNumber.optional(),
  Ean: articleFields.Ean.optional(),
  IsActive: articleFields.IsActive.optional(),
  RemoveImage: z.boolean().default(false),
  RowVersion: RowVersionInput,
});

/** Article/Filtered: a page by number or name; inactive ones on request; time articles or parts only. */
export const ArticleFilterQuery = PagedQuery.extend({
  IncludeInactive: QueryBool.default(false),
  IsTimeArticle: QueryBool.optional(),
});

/** article/search: the staff's dropdown search (at least 3 characters). */
export const ArticleSearchQuery = z.object({ q: SearchText.optional() });
export const ARTICLE_SEARCH_MIN = 3;

export const ArticleNumberParams = z.object({ number: requiredLine(50) });

export const ArticleLogQuery = PagedQuery.extend({ ArticleId: RecordId.optional() });

/* ---- Job category articles (002 §7.9) ---- */

export const JobCategoryArticle = z.object({
  Id: z.number().int(),
  JobCategoryId: z.number().int(),
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  Name: z.string(),
  Unit: z.string(),
  Quantity: z.number(),
  IsActive: z.boolean(),
});
export type JobCategoryArticle = z.infer<typeof JobCategoryArticle>;

export const JobCategoryArticleQuery = PagedQuery.extend({ JobCategoryId: RecordId });
/** POST JobCategoryArticles/{id}: the article numbers to add (one of each, quantity 1). */
export const JobCategoryArticleNumbers = z
  .array(requiredLine(50))
  .min(1, M.required)
  .max(200, 'At most 200 articles.');
export const JobCategoryArticleChange = z.object({ Id: RefId, Quantity: QuantityInput });

/* ---- Common parts (002 §7.13) ---- */

export const CommonPart = z.object({
  MachineModelId: z.number().int(),
  ArticleId: z.number().int(),
  ArticleNumber: z.string(),
  Name: z.string(),
  Unit: z.string(),
  Quantity: z.number(),
  /** The place in the model's list, from 1. */
  Position: z.number().int(),
  IsActive: z.boolean(),
});
export type CommonPart = z.infer<typeof CommonPart>;

export const CommonPartQuery = PagedQuery.extend({ MachineModelId: RecordId.optional() });
export const CommonPartModelParams = z.object({ modelId: RecordId });
/** One article to add by number or id; an article already on the list gets the quantity. */
export const CommonPartAdd = z
  .object({
    ArticleNumber: line(50).optional(),
    ArticleId: RefId.optional(),
    Quantity: QuantityInput.default('1'),
  })
  .refine((v) => !!v.ArticleNumber || v.ArticleId !== undefined, {
    message: M.required,
    path: ['ArticleNumber'],
  });
export const CommonPartAddInput = z.array(CommonPartAdd).min(1, M.required).max(200, 'At most 200 articles.');
export const CommonPartMoveQuery = z.object({
  articleId: RecordId,
  /** The new place, from 1; past the end it goes last. */
  position: z.coerce.number({ error: M.wholeNumber }).int(M.wholeNumber).min(1).max(100_000),
});
export const CommonPartArticleParams = z.object({ modelId: RecordId, articleId: RecordId });
