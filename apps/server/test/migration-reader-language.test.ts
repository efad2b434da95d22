import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './harness.ts';
import { emptyDatabase, migrations, migrationsBefore } from './migration-db.ts';

describe.each(engines)('migration 0036 on a database made before it on %s', (engine) => {
  let d: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    d = await emptyDatabase(engine);
    await d.migrate(migrationsBefore(36));
    // What the demo company had (0026 gave it the four built-in contract types): its main store, a
    // Rental type of its own, counters named as their type.
    await d.exec(`
      insert into stores (id, name) values (1, 'Main store'), (2, 'Spare parts store');
      insert into contract_types (id, name, icon, position) values (7, 'Rental', 'EventRepeat', 3);
      insert into customers (id, customer_number, name) values (1, '1001', 'Kunde AS');
      insert into machines (id, customer_id, name) values (1, 1, 'Press');
      insert into counters (id, machine_id, counter_type, name) values
        (1, 1, 1, 'Operating hours'), (2, 1, 2, 'Motorstarter'), (3, 1, 3, 'Kilometres');
    `);
    await d.migrate(migrations);
  });
  afterAll(() => d.close());

  it('gives the main store and the Rental type their names in all five languages, the rest none', async () => {
    const stores = await d.query('select id, names from stores order by id');
    expect(stores.map((r) => r.names)).toEqual([
      { en: 'Main store', no: 'Hovedlager', sv: 'Huvudlager', 'zh-CN': '主仓库', 'zh-HK': '主倉庫' },
      {},
    ]);
    const rental = await d.query('select names from contract_types where id = 7');
    expect(rental[0]?.names).toMatchObject({ no: 'Utleie', 'zh-HK': '租賃' });
  });

  it('lets a counter named as its type be named by the type; a name of the company’s own stays', async () => {
    const counters = await d.query('select name, row_version from counters order by id');
    expect(counters).toEqual([
      { name: '', row_version: 2 },
      { name: 'Motorstarter', row_version: 1 },
      { name: '', row_version: 2 },
    ]);
  });
});

describe.each(engines)('migration 0036 on an install without stores on %s', (engine) => {
  let d: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    d = await emptyDatabase(engine);
    await d.migrate(migrations);
  });
  afterAll(() => d.close());

  it('adds the built-in main store, and the next store gets the next id', async () => {
    await d.exec(`insert into stores (name) values ('Lager Nord')`);
    const stores = await d.query('select id, name from stores order by id');
    expect(stores).toEqual([
      { id: 1, name: 'Main store' },
      { id: 2, name: 'Lager Nord' },
    ]);
  });
});
