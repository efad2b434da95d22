// The large company's articles, stores, stock and order lines (issue 14's tables), in proportion to its
// jobs: 20,000 articles (200 of them time articles), ten stores with 2,000 articles each and a van per
// technician with 60, stock booked in as receipts, and on most closed sub-jobs one to three part lines
// taken from a store (each with its stock movement) plus a time line. Seeded PRNGs, one per table.
import type { Cell } from './copy.ts';
import { mulberry32 } from './prng.ts';
import type { CompanySize } from './size.ts';

/** The first free id of each parts table after the demo company was seeded. */
export interface PartsBases {
  article: number;
  store: number;
  orderLine: number;
  stockMovement: number;
  /** The first technician's user id (technicians are consecutive). */
  user: number;
}

const PART_KINDS = ['Oil filter', 'Air filter', 'V-belt', 'Seal kit', 'Bearing', 'Valve', 'Sensor', 'Fuse'];
const MAKES = ['Atlas Copco', 'Kaeser', 'Grundfos', 'Toyota', 'Bosch', 'SKF'];
const STORE_COUNT = 10;
const STORE_ARTICLES = 2_000;
const VAN_ARTICLES = 60;

export interface PartsShape {
  articles: number;
  timeArticles: number;
  stores: number;
  vans: number;
}

export const partsShape = (size: CompanySize): PartsShape => ({
  articles: Math.max(400, Math.round(size.parentJobs / 50)),
  timeArticles: 200,
  stores: STORE_COUNT,
  vans: size.technicians,
});

export const ARTICLE_COLUMNS = [
  'id',
  'article_number',
  'name',
  'unit',
  'cost_price',
  'sales_price',
  'vat_percent',
  'is_time_article',
  'is_stock_item',
];

const money = (cents: number) => (cents / 100).toFixed(2);
/** An article's sales price in cents, the same for every table that needs it. */
const priceOf = (a: number) => 5_000 + ((a * 7_919) % 400_000);

export function* articles(shape: PartsShape, bases: PartsBases): Generator<Cell[]> {
  for (let a = 0; a < shape.articles; a++) {
    const time = a < shape.timeArticles;
    const sales = time ? 95_000 + (a % 5) * 10_000 : priceOf(a);
    yield [
      bases.article + a,
      time ? `T-${1000 + a}` : `P-${100000 + a}`,
      time ? `Labour hour ${a + 1}` : `${MAKES[a % MAKES.length]} ${PART_KINDS[a % PART_KINDS.length]} ${a}`,
      time ? 'h' : 'pcs',
      money(Math.round(sales * 0.6)),
      money(sales),
      '25.00',
      time,
      !time,
    ];
  }
}

export const STORE_COLUMNS = ['id', 'name', 'store_type', 'user_id', 'allow_negative'];

/** Ten stores, then a van (type 2) per technician. */
export function* stores(shape: PartsShape, bases: PartsBases): Generator<Cell[]> {
  for (let s = 0; s < shape.stores; s++)
    yield [bases.store + s, `Store ${s + 1}`, 1, null, s === shape.stores - 1];
  for (let v = 0; v < shape.vans; v++)
    yield [bases.store + shape.stores + v, `Van ${v + 1}`, 2, bases.user + v, false];
}

/** The stock part articles a store or van holds: a contiguous slice of the catalogue's parts. */
function assortment(shape: PartsShape, store: number): { first: number; count: number } {
  const parts = shape.articles - shape.timeArticles;
  const count = Math.min(parts, store < shape.stores ? STORE_ARTICLES : VAN_ARTICLES);
  const first = shape.timeArticles + ((store * 977) % Math.max(1, parts - count + 1));
  return { first, count };
}

export const STORE_ARTICLE_COLUMNS = ['store_id', 'article_id', 'location'];
export const MOVEMENT_COLUMNS = [
  'id',
  'store_id',
  'article_id',
  'quantity',
  'reason',
  'order_line_id',
  'is_locked',
  'created_at',
];

/** Each store's assortment (its receipts are the first movements of `linesAndMovements`). */
export function* storeArticles(shape: PartsShape, bases: PartsBases): Generator<Cell[]> {
  for (let s = 0; s < shape.stores + shape.vans; s++) {
    const { first, count } = assortment(shape, s);
    for (let k = 0; k < count; k++)
      yield [bases.store + s, bases.article + first + k, `${String.fromCharCode(65 + (k % 20))}-${k % 50}`];
  }
}

export const ORDER_LINE_COLUMNS = [
  'id',
  'parent_job_id',
  'job_id',
  'article_id',
  'article_number',
  'description',
  'unit',
  'quantity',
  'unit_price',
  'cost_price',
  'discount_percent',
  'store_id',
  'is_time',
  'user_id',
  'work_date',
  'position',
  'created_at',
];

/** A closed machine sub-job the lines go on. */
export interface ClosedSubJob {
  id: number;
  parentId: number;
  created: string;
}

/**
 * Lines on 60 % of the closed sub-jobs: one to three parts from a store (a movement each, locked: the
 * job is done) and a time line of a technician. Receipts for every store's assortment come first.
 * Yields ['line', row] and ['movement', row] in one pass, so the two tables stay consistent.
 */
export function* linesAndMovements(
  shape: PartsShape,
  bases: PartsBases,
  subJobs: Iterable<ClosedSubJob>,
): Generator<['line' | 'movement', Cell[]]> {
  const r = mulberry32(1401);
  let line = bases.orderLine;
  let movement = bases.stockMovement;
  const received = '2016-01-01T00:00:00Z';
  for (let s = 0; s < shape.stores + shape.vans; s++) {
    const { first, count } = assortment(shape, s);
    for (let k = 0; k < count; k++)
      yield [
        'movement',
        [
          movement++,
          bases.store + s,
          bases.article + first + k,
          s < shape.stores ? '500' : '20',
          1,
          null,
          true,
          received,
        ],
      ];
  }
  for (const sub of subJobs) {
    if (r() >= 0.6) continue;
    const parts = 1 + Math.floor(r() * 3);
    const store = Math.floor(r() * shape.stores);
    const { first, count } = assortment(shape, store);
    let position = 0;
    for (let p = 0; p < parts; p++) {
      const a = first + Math.floor(r() * count);
      const quantity = 1 + Math.floor(r() * 4);
      const id = line++;
      yield [
        'line',
        [
          id,
          sub.parentId,
          sub.id,
          bases.article + a,
          `P-${100000 + a}`,
          `${MAKES[a % MAKES.length]} ${PART_KINDS[a % PART_KINDS.length]} ${a}`,
          'pcs',
          String(quantity),
          money(priceOf(a)),
          money(Math.round(priceOf(a) * 0.6)),
          r() < 0.2 ? '10.00' : '0.00',
          bases.store + store,
          false,
          null,
          null,
          position++,
          sub.created,
        ],
      ];
      yield [
        'movement',
        [movement++, bases.store + store, bases.article + a, String(-quantity), 2, id, true, sub.created],
      ];
    }
    const tech = Math.floor(r() * shape.vans);
    const hours = (1 + Math.floor(r() * 12)) / 2;
    const t = Math.floor(r() * shape.timeArticles);
    yield [
      'line',
      [
        line++,
        sub.parentId,
        sub.id,
        bases.article + t,
        `T-${1000 + t}`,
        `Labour hour ${t + 1}`,
        'h',
        hours.toFixed(1),
        money(95_000 + (t % 5) * 10_000),
        money(Math.round((95_000 + (t % 5) * 10_000) * 0.6)),
        '0.00',
        null,
        true,
        bases.user + tech,
        sub.created.slice(0, 10),
        position,
        sub.created,
      ],
    ];
  }
}

/** The closed (approved or completed) machine sub-jobs, collected while the jobs are generated. */
export class ClosedSubJobs {
  private readonly ids: number[] = [];
  private readonly parents: number[] = [];
  private readonly created: string[] = [];
  add(id: number, parentId: number, status: number, created: string): void {
    if (status !== 70 && status !== 100) return;
    this.ids.push(id);
    this.parents.push(parentId);
    this.created.push(created);
  }
  *[Symbol.iterator](): Generator<ClosedSubJob> {
    for (let i = 0; i < this.ids.length; i++)
      yield { id: this.ids[i]!, parentId: this.parents[i]!, created: this.created[i]! };
  }
}

/** One table's rows of `linesAndMovements` (run once per table: the same seed gives the same rows). */
export function* onlyOf(
  table: 'line' | 'movement',
  rows: Generator<['line' | 'movement', Cell[]]>,
): Generator<Cell[]> {
  for (const [t, row] of rows) if (t === table) yield row;
}
