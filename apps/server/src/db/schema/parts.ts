import type { LocalNames } from '@fieldport/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jobCategories, jobs } from './jobs.ts';
import { machineModels, suppliers } from './machines.ts';
import { customers, users } from './organisation.ts';

/**
 * Articles (002 §7.3): spare parts, consumables and time articles (labour hours, IsTimeArticle).
 * Money is numeric with two decimals and travels as a decimal string inside the server (never a
 * float); quantities have three decimals (litres, metres, hours).
 */
export const articles = pgTable(
  'articles',
  {
    id: serial().primaryKey(),
    articleNumber: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    /** pcs, h, l, m, kg, set … (the unit the quantity counts). */
    unit: text().notNull().default('pcs'),
    /** The purchase price: staff only, never in a customer's or partner's answer. */
    costPrice: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    salesPrice: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    vatPercent: numeric({ precision: 5, scale: 2 }).notNull().default('25'),
    isTimeArticle: boolean().notNull().default(false),
    /** Kept in stock (moves stock when used); a service article or time article does not. */
    isStockItem: boolean().notNull().default(true),
    supplierId: integer().references(() => suppliers.id),
    supplierArticleNumber: text().notNull().default(''),
    ean: text().notNull().default(''),
    /** The stored image (resources), re-encoded like other uploads. */
    imagePath: text(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Stepped by every change; a change sent with an older one is refused (decision 026). */
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    uniqueIndex('articles_number_unique').on(sql`lower(${t.articleNumber})`),
    index('articles_list_name').on(t.name, t.id),
  ],
);

/** Stores: the company's stores (type 1) and each technician's van (type 2, UserId its driver). */
export const stores = pgTable(
  'stores',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    /** The built-in main store's name per language (decision 078); empty for the company's own stores. */
    names: jsonb().$type<LocalNames>().notNull().default({}),
    /** 1 store, 2 van. */
    storeType: smallint().notNull().default(1),
    userId: integer().references(() => users.id),
    /** A store that may go below zero (taken before it is booked in); otherwise a take beyond stock is refused. */
    allowNegative: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    rowVersion: integer().notNull().default(1),
  },
  (t) => [index('stores_user').on(t.userId)],
);

/**
 * A store's assortment (Store/StoreArticles, Store/Articles): where an article lies and its
 * minimum. Its row is also what a stock change locks (FOR UPDATE) before it sums the movements, so
 * two takes of the last unit are put one after the other and the second is refused.
 */
export const storeArticles = pgTable(
  'store_articles',
  {
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    articleId: integer()
      .notNull()
      .references(() => articles.id),
    location: text().notNull().default(''),
    minQuantity: numeric({ precision: 12, scale: 3 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.storeId, t.articleId] }), index('store_articles_article').on(t.articleId)],
);

/**
 * Every change of stock is a row, never an overwritten balance: stock is the sum of a store's
 * movements of an article, and each movement says why (Inventory/Movements).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    storeId: integer()
      .notNull()
      .references(() => stores.id),
    articleId: integer()
      .notNull()
      .references(() => articles.id),
    /** Signed: in above zero, out below. */
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    /** 1 received, 2 used on a job, 3 back from a job, 4 counted (the difference a count booked), 5 moved between stores. */
    reason: smallint().notNull(),
    /** The job line that took or gave back the stock. */
    orderLineId: integer(),
    /** Locked: booked by an approved job or a finished count, no longer changed with its line. */
    isLocked: boolean().notNull().default(false),
    comment: text().notNull().default(''),
    userId: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A store's stock of an article is the sum of these: read from the index alone (INCLUDE quantity in the migration).
    index('stock_movements_store_article').on(t.storeId, t.articleId),
    index('stock_movements_article').on(t.articleId),
    index('stock_movements_line').on(t.orderLineId),
    index('stock_movements_created').on(t.createdAt),
  ],
);

/**
 * A job's order lines (orderdetail, parts, time, invoice): parts and hours on a machine sub-job
 * (JobId) of an order (ParentJobId, the parent job holding the order id). A time line is a line of
 * a time article, its quantity the hours, UserId the technician and WorkDate the day worked.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial().primaryKey(),
    parentJobId: integer()
      .notNull()
      .references(() => jobs.id),
    jobId: integer()
      .notNull()
      .references(() => jobs.id),
    articleId: integer().references(() => articles.id),
    articleNumber: text().notNull().default(''),
    description: text().notNull().default(''),
    unit: text().notNull().default('pcs'),
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    unitPrice: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    costPrice: numeric({ precision: 12, scale: 2 }).notNull().default('0'),
    discountPercent: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    vatPercent: numeric({ precision: 5, scale: 2 }).notNull().default('25'),
    /** The store the part was taken from (a stock movement per take); null for time and service lines. */
    storeId: integer().references(() => stores.id),
    isTime: boolean().notNull().default(false),
    userId: integer().references(() => users.id),
    workDate: date(),
    /** Not invoiced (a line under warranty, a goodwill hour). */
    noInvoice: boolean().notNull().default(false),
    /** A line linked under another (invoice/link): printed and totalled with it. */
    linkedToLineId: integer(),
    position: integer().notNull().default(0),
    comment: text().notNull().default(''),
    createdBy: integer().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    rowVersion: integer().notNull().default(1),
  },
  (t) => [
    index('order_lines_parent').on(t.parentJobId, t.jobId, t.position),
    index('order_lines_job').on(t.jobId),
    index('order_lines_article').on(t.articleId),
    index('order_lines_user_date').on(t.userId, t.workDate),
  ],
);

/** A machine model's common parts (CommonParts), in the order the Admin puts them. */
export const commonParts = pgTable(
  'common_parts',
  {
    machineModelId: integer()
      .notNull()
      .references(() => machineModels.id),
    articleId: integer()
      .notNull()
      .references(() => articles.id),
    position: integer().notNull().default(0),
    quantity: numeric({ precision: 12, scale: 3 }).notNull().default('1'),
  },
  (t) => [
    primaryKey({ columns: [t.machineModelId, t.articleId] }),
    index('common_parts_article').on(t.articleId),
  ],
);

/** The articles a job category brings along (JobCategoryArticles). */
export const jobCategoryArticles = pgTable(
  'job_category_articles',
  {
    id: serial().primaryKey(),
    jobCategoryId: integer()
      .notNull()
      .references(() => jobCategories.id),
    articleId: integer()
      .notNull()
      .references(() => articles.id),
    quantity: numeric({ precision: 12, scale: 3 }).notNull().default('1'),
  },
  (t) => [uniqueIndex('job_category_articles_unique').on(t.jobCategoryId, t.articleId)],
);

/** A customer's own price of an article (customer-price); without one the article's sales price. */
export const customerArticlePrices = pgTable(
  'customer_article_prices',
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id),
    articleId: integer()
      .notNull()
      .references(() => articles.id),
    unitPrice: numeric({ precision: 12, scale: 2 }),
    discountPercent: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.articleId] })],
);
