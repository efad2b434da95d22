import { articles, stockMovements, storeArticles, stores } from '../../db/schema/index.ts';
import { defaultFake, type Executor, type Fake, one } from './fake.ts';

export type Article = typeof articles.$inferSelect;
export type NewArticle = typeof articles.$inferInsert;
export type Store = typeof stores.$inferSelect;
export type NewStore = typeof stores.$inferInsert;

/** One spare part with a unique article number; prices as decimal strings. */
export async function createArticle(
  db: Executor,
  overrides: Partial<NewArticle> = {},
  f: Fake = defaultFake,
): Promise<Article> {
  const cost = f.faker.number.int({ min: 20, max: 4000 });
  return one(
    await db
      .insert(articles)
      .values({
        articleNumber: f.unique(`P-${f.faker.string.numeric(6)}`, '-'),
        name: `${f.faker.commerce.productAdjective()} ${f.faker.commerce.product()}`,
        unit: 'pcs',
        costPrice: `${cost}.00`,
        salesPrice: `${Math.round(cost * 1.6)}.00`,
        ...overrides,
      })
      .returning(),
  );
}

/** A store (type 1), or a technician's van with `{ storeType: 2, userId }`. */
export async function createStore(
  db: Executor,
  overrides: Partial<NewStore> = {},
  f: Fake = defaultFake,
): Promise<Store> {
  return one(
    await db
      .insert(stores)
      .values({ name: f.unique(`${f.faker.location.city()} store`), ...overrides })
      .returning(),
  );
}

/** Puts an article in a store's assortment and books `quantity` in as received (reason 1). */
export async function stockArticle(
  db: Executor,
  storeId: number,
  articleId: number,
  quantity: string,
  location = '',
): Promise<void> {
  await db.insert(storeArticles).values({ storeId, articleId, location }).onConflictDoNothing();
  if (Number(quantity) !== 0)
    await db.insert(stockMovements).values({ storeId, articleId, quantity, reason: 1, isLocked: true });
}
