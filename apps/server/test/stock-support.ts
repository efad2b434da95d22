import { count } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import { stockMovements, storeArticles } from '../src/db/schema/index.ts';
import { writes } from './api-client.ts';

/** Movements, assortment rows, change logs and events: a refused stock change adds none of them. */
export async function stockWrites(db: Db) {
  const [moves] = await db.select({ n: count() }).from(stockMovements);
  const [assortment] = await db.select({ n: count() }).from(storeArticles);
  return { ...(await writes(db)), moves: moves?.n ?? 0, assortment: assortment?.n ?? 0 };
}

export const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();
