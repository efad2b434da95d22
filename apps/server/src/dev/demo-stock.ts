import { UserType } from '@fieldport/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import {
  articles,
  commonParts,
  machineModels,
  stockMovements,
  storeArticles,
  stores,
  users,
} from '../db/schema/index.ts';
import { ensureReferenceDataOnce, STORES } from '../seed/reference-data.ts';
import type { Executor } from './factories/fake.ts';

const SHELVES = ['A', 'B', 'C', 'D', 'E'];
/** A shelf place from a number: 'B-07'. */
const shelf = (n: number) => `${SHELVES[n % SHELVES.length]}-${String((n % 24) + 1).padStart(2, '0')}`;

/**
 * The demo company's stores (issue 14): the built-in main store holding every stock article, a "Spare parts
 * store" holding every third, and a van per demo technician with a few of each. Reads the articles
 * already there (skipping time articles and non-stock items) and books the stock as received
 * (reason 1) movements, deterministically: the same articles give the same stock. When no model has
 * common parts yet, each machine model gets two or three, so the picking list has something to show.
 */
export async function seedDemoStock(db: Executor): Promise<void> {
  const stock = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(eq(articles.isStockItem, true), eq(articles.isTimeArticle, false), eq(articles.isActive, true)),
    )
    .orderBy(asc(articles.articleNumber), asc(articles.id));
  // The built-in main store (seed/reference-data.ts), read in each reader's language; the rest are the company's own.
  await ensureReferenceDataOnce(db);
  const main = { id: STORES[0].id };
  const [spare] = await db
    .insert(stores)
    .values([{ name: 'Spare parts store' }])
    .returning({ id: stores.id });
  const technicians = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.userTypeId, UserType.Technician), eq(users.isActive, true)))
    .orderBy(asc(users.id));
  const vans = technicians.length
    ? await db
        .insert(stores)
        .values(technicians.map((t) => ({ name: `Van – ${t.name}`, storeType: 2, userId: t.id })))
        .returning({ id: stores.id })
    : [];
  if (stock.length === 0) return;

  const assortment: (typeof storeArticles.$inferInsert)[] = [];
  const received: (typeof stockMovements.$inferInsert)[] = [];
  const put = (storeId: number, articleId: number, n: number, quantity: number, min: number) => {
    assortment.push({ storeId, articleId, location: shelf(n), minQuantity: String(min) });
    if (quantity > 0)
      received.push({
        storeId,
        articleId,
        quantity: String(quantity),
        reason: 1,
        isLocked: true,
        comment: 'Opening stock',
      });
  };
  stock.forEach((a, i) => {
    put(main!.id, a.id, i, 5 + ((i * 7) % 40), 2 + (i % 4));
    if (i % 3 === 0) put(spare!.id, a.id, i + 11, (i * 5) % 12, 0);
  });
  vans.forEach((van, v) => {
    for (let k = 0; k < Math.min(25, stock.length); k++) {
      const i = (v * 13 + k * 7) % stock.length;
      if (assortment.some((x) => x.storeId === van.id && x.articleId === stock[i]!.id)) continue;
      put(van.id, stock[i]!.id, k, 1 + ((i + v) % 4), 1);
    }
  });
  for (let i = 0; i < assortment.length; i += 500)
    await db.insert(storeArticles).values(assortment.slice(i, i + 500));
  for (let i = 0; i < received.length; i += 500)
    await db.insert(stockMovements).values(received.slice(i, i + 500));

  const [existing] = await db.select({ n: count() }).from(commonParts);
  if ((existing?.n ?? 0) > 0) return;
  const models = await db.select({ id: machineModels.id }).from(machineModels).orderBy(asc(machineModels.id));
  const parts: (typeof commonParts.$inferInsert)[] = [];
  models.forEach((m, j) => {
    const many = 2 + (j % 2);
    const picked = new Set<number>();
    for (let k = 0; k < many; k++) picked.add(stock[(j * 5 + k * 17) % stock.length]!.id);
    for (const [position, articleId] of [...picked].entries())
      parts.push({
        machineModelId: m.id,
        articleId,
        position: position + 1,
        quantity: String(1 + ((j + position) % 2)),
      });
  });
  for (let i = 0; i < parts.length; i += 500) await db.insert(commonParts).values(parts.slice(i, i + 500));
}
