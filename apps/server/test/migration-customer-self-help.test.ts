import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './harness.ts';
import { emptyDatabase, migrations, migrationsBefore } from './migration-db.ts';

/** Migration 0039's place in the journal (its index, not its number, orders it). */
const idx = (
  JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  }
).entries.find((e) => e.tag === '0039_customer_self_help')!.idx;

describe.each(engines)(
  'migration 0039 (decision 085) on a database with its lookups and customers on %s',
  (engine) => {
    let d: Awaited<ReturnType<typeof emptyDatabase>>;
    beforeAll(async () => {
      d = await emptyDatabase(engine);
      await d.migrate(migrationsBefore(idx));
      // The built-in Travelling, another company's renamed row 6, and a customer whose labels worked.
      await d.exec(`
      insert into job_statuses (id, name, color, icon, sort_order) values (30, 'In progress', '#f57c00', 'Build', 3);
      insert into job_sub_statuses (id, job_status_id, name) values (5, 30, 'Travelling'), (6, 30, 'Driving');
      insert into customers (customer_number, name) values ('1001', 'Fjord Fisk AS');
    `);
      await d.migrate(migrations);
    });
    afterAll(() => d.close());

    it('flags the built-in Travelling as the sub-status that sets out, and no other', async () => {
      const rows = await d.query('select id, sets_on_my_way from job_sub_statuses order by id');
      expect(rows).toEqual([
        { id: 5, sets_on_my_way: true },
        { id: 6, sets_on_my_way: false },
      ]);
    });

    it('keeps every customer’s labels on, and starts with no positions', async () => {
      expect(await d.query('select label_reports_enabled from customers')).toEqual([
        { label_reports_enabled: true },
      ]);
      expect(await d.query('select count(*)::int as n from way_positions')).toEqual([{ n: 0 }]);
    });
  },
);
