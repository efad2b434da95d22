import { asc } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { articles, commonParts, jobCategories, jobCategoryArticles } from '../db/schema/index.ts';
import { GENERAL_PARTS, PARTS_BY_TYPE, type PartKind, TIME_ARTICLES } from './demo-article-catalogue.ts';
import type { Executor, Fake, MachineTypeName } from './factories/index.ts';

type NewArticle = typeof articles.$inferInsert;

/** Öre as a decimal text ('1049.50'): whole numbers only, never a float (issue 14). */
const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

async function insertChunks<T extends PgTable>(db: Executor, table: T, rows: T['$inferInsert'][]) {
  // drizzle's insert is not generic over the table: the rows are the table's own.
  const insert = () =>
    db.insert(table) as unknown as { values(v: unknown[]): { returning(): Promise<unknown[]> } };
  const out: T['$inferSelect'][] = [];
  for (let i = 0; i < rows.length; i += 500)
    out.push(
      ...((await insert()
        .values(rows.slice(i, i + 500))
        .returning()) as T['$inferSelect'][]),
    );
  return out;
}

/**
 * Every kind of part in every size, numbered `<prefix>-<n>`, with prices near the kind's cost; the
 * cheaper kinds also as a pattern part (`<prefix>-<n>-P`, no supplier, about 70 % of the price).
 */
function partRows(
  f: Fake,
  prefix: string,
  kinds: readonly PartKind[],
  supplierId: number | null,
): NewArticle[] {
  let n = 1000;
  const row = (number: string, name: string, unit: string, costCents: number, supplier: number | null) => {
    // Sales price: 40–80 % on top, in whole kroner ending in 0 or 9 (integer arithmetic only).
    const markup = f.faker.number.int({ min: 140, max: 180 });
    const sales = Math.ceil((costCents * markup) / 100000) * 10 - (f.faker.datatype.boolean() ? 1 : 0);
    return {
      articleNumber: number,
      name,
      unit,
      costPrice: money(costCents),
      salesPrice: money(sales * 100),
      vatPercent: '25.00',
      isTimeArticle: false,
      isStockItem: true,
      supplierId: supplier,
      supplierArticleNumber: supplier ? `${prefix.slice(0, 1)}${f.faker.string.numeric(7)}` : '',
      ean: f.faker.datatype.boolean() ? `70${f.faker.string.numeric(11)}` : '',
    };
  };
  return kinds.flatMap((kind) =>
    kind.sizes.flatMap((size) => {
      const costCents = f.faker.number.int({ min: kind.cost * 85, max: kind.cost * 115 });
      n += 10;
      const oem = row(`${prefix}-${n}`, `${kind.name} ${size}`, kind.unit, costCents, supplierId);
      if (kind.cost >= 1500) return [oem];
      const pattern = Math.round((costCents * 7) / 10);
      return [oem, row(`${prefix}-${n}-P`, `${kind.name} ${size}, pattern part`, kind.unit, pattern, null)];
    }),
  );
}

/**
 * The demo company's article catalogue (issue 14): a few hundred parts for its machine types (filters,
 * oils in litres, belts, seals, bearings, valves, sensors, fuses …), general consumables and the time
 * articles (labour, travel, overtime: unit h, not stock items); each machine model's common parts (3–8
 * of its type's) and each job category's articles. Deterministic through the demo's fixed-seed Fake;
 * inserted in batches.
 */
export async function seedDemoArticles(
  db: Executor,
  f: Fake,
  catalogue: {
    models: { id: number; type: MachineTypeName }[];
    /** The supplier of each machine type's parts (the make of its first model). */
    supplierOf: (type: MachineTypeName) => number | null;
  },
): Promise<void> {
  const types = Object.keys(PARTS_BY_TYPE) as MachineTypeName[];
  const rows: NewArticle[] = [
    ...types.flatMap((type) =>
      partRows(f, PARTS_BY_TYPE[type].prefix, PARTS_BY_TYPE[type].parts, catalogue.supplierOf(type)),
    ),
    ...partRows(f, 'GC', GENERAL_PARTS, null),
    ...TIME_ARTICLES.map((t) => ({
      articleNumber: t.number,
      name: t.name,
      description: t.description,
      unit: 'h',
      costPrice: t.cost,
      salesPrice: t.sales,
      isTimeArticle: true,
      isStockItem: false,
    })),
  ];
  const saved = await insertChunks(db, articles, rows);
  const byPrefix = (prefix: string) => saved.filter((a) => a.articleNumber.startsWith(`${prefix}-`));

  // Common parts: 3–8 of the type's parts per model, the filters and oils first as listed.
  const parts = catalogue.models.flatMap((m) => {
    const own = byPrefix(PARTS_BY_TYPE[m.type].prefix);
    const chosen = f.faker.helpers
      .arrayElements(own, { min: 3, max: Math.min(8, own.length) })
      .sort((a, b) => a.id - b.id);
    return chosen.map((a, i) => ({
      machineModelId: m.id,
      articleId: a.id,
      position: i + 1,
      quantity: a.unit === 'l' ? String(f.faker.helpers.arrayElement([2, 4, 5, 10])) : '1',
    }));
  });
  await insertChunks(db, commonParts, parts);

  // Job categories: the labour hour on each, with consumables fitting what the category is for.
  const time = saved.filter((a) => a.isTimeArticle);
  const general = byPrefix('GC');
  const categories = await db
    .select({ id: jobCategories.id })
    .from(jobCategories)
    .orderBy(asc(jobCategories.id));
  const links = categories.flatMap((c) => [
    { jobCategoryId: c.id, articleId: time[0]!.id, quantity: '1' },
    { jobCategoryId: c.id, articleId: time[1]!.id, quantity: '1' },
    ...f.faker.helpers
      .arrayElements(general, { min: 2, max: 4 })
      .map((a) => ({ jobCategoryId: c.id, articleId: a.id, quantity: '1' })),
  ]);
  await insertChunks(db, jobCategoryArticles, links);
}
