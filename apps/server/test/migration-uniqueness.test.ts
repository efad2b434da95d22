import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './harness.ts';
import { emptyDatabase } from './migration-db.ts';

const migrations = join(import.meta.dirname, '../src/db/migrations');

/** The migrations folder as it was before 0010, so a database can hold what the indexes now refuse. */
function foldersBefore0010() {
  const dir = mkdtempSync(join(tmpdir(), 'fp-migrations-'));
  cpSync(migrations, dir, { recursive: true });
  rmSync(join(dir, '0010_uniqueness.sql'));
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 10);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe.each(engines)('migration 0010 on older data with twins on %s', (engine) => {
  let d: Awaited<ReturnType<typeof emptyDatabase>>;
  beforeAll(async () => {
    d = await emptyDatabase(engine);
    const before = foldersBefore0010();
    await d.migrate(before);
    rmSync(before, { recursive: true });
    // What the in-code checks let through under concurrent requests before the indexes.
    await d.exec(`
      insert into warranty_types (name) values ('Standard'), ('standard'), ('STANDARD'), ('Extended');
      insert into job_statuses (id, name, color, icon) values (30, 'Started', '#000', 'i'), (40, 'Paused', '#000', 'i');
      insert into job_sub_statuses (job_status_id, name) values (30, 'Waiting'), (30, 'waiting'), (40, 'Waiting');
      insert into departments (id, name) values (1, 'Oslo'), (2, 'Bergen'), (7, 'Sweden');
      insert into customers (customer_number, name) values
        ('10001', 'Berg AS'), ('10005', 'Fjord AS'), ('ab1', 'Lower AS'), ('AB1', 'Upper AS'), ('Ab1', 'Mixed AS');
      insert into machines (name, customer_id, qrcode) values
        ('Pump', 1, 'FPQ1'), ('Compressor', 1, 'FPQ1'), ('Lift', 2, 'FPQ1'), ('Drill', 2, ''), ('Saw', 2, ''), ('Press', 2, 'FPQ2');
    `);
    await d.migrate(migrations);
  });
  afterAll(() => d?.close());

  it('keeps the first of each twin and renames the others, so nothing referring to them by id changes', async () => {
    expect(await d.query('select id, name from warranty_types order by id')).toEqual([
      { id: 1, name: 'Standard' },
      { id: 2, name: 'standard (2)' },
      { id: 3, name: 'STANDARD (3)' },
      { id: 4, name: 'Extended' },
    ]);
    expect(await d.query('select id, name from job_sub_statuses order by id')).toEqual([
      { id: 1, name: 'Waiting' },
      { id: 2, name: 'waiting (2)' },
      { id: 3, name: 'Waiting' },
    ]);
    expect(await d.query('select id, customer_number from customers order by id')).toEqual([
      { id: 1, customer_number: '10001' },
      { id: 2, customer_number: '10005' },
      { id: 3, customer_number: 'ab1' },
      { id: 4, customer_number: 'AB1-4' },
      { id: 5, customer_number: 'Ab1-5' },
    ]);
  });

  it('leaves a QR code on the first machine only and writes the change to the machine log', async () => {
    expect(await d.query('select id, qrcode from machines order by id')).toEqual([
      { id: 1, qrcode: 'FPQ1' },
      { id: 2, qrcode: null },
      { id: 3, qrcode: null },
      { id: 4, qrcode: null },
      { id: 5, qrcode: null },
      { id: 6, qrcode: 'FPQ2' },
    ]);
    const logs = await d.query(
      `select entity, entity_id, action, customer_id, machine_id, description, changes from change_logs order by entity, entity_id`,
    );
    expect(logs).toEqual([
      {
        entity: 'Customer',
        entity_id: 4,
        action: 'Change',
        customer_id: 4,
        machine_id: null,
        description: 'Upper AS',
        changes: [{ Field: 'CustomerNumber', OldValue: 'AB1', NewValue: 'AB1-4' }],
      },
      {
        entity: 'Customer',
        entity_id: 5,
        action: 'Change',
        customer_id: 5,
        machine_id: null,
        description: 'Mixed AS',
        changes: [{ Field: 'CustomerNumber', OldValue: 'Ab1', NewValue: 'Ab1-5' }],
      },
      {
        entity: 'Machine',
        entity_id: 2,
        action: 'Change',
        customer_id: 1,
        machine_id: 2,
        description: 'Compressor',
        changes: [{ Field: 'Qrcode', OldValue: 'FPQ1', NewValue: null }],
      },
      {
        entity: 'Machine',
        entity_id: 3,
        action: 'Change',
        customer_id: 2,
        machine_id: 3,
        description: 'Lift',
        changes: [{ Field: 'Qrcode', OldValue: 'FPQ1', NewValue: null }],
      },
    ]);
  });

  it('refuses new twins from now on and starts the sequences above what is stored', async () => {
    await expect(d.query(`insert into warranty_types (name) values ('EXTENDED')`)).rejects.toMatchObject({
      code: '23505',
      constraint: 'warranty_types_name_unique',
    });
    await expect(
      d.query(`insert into customers (customer_number, name) values ('Ab1', 'Third AS')`),
    ).rejects.toMatchObject({ code: '23505', constraint: 'customers_number_unique' });
    await expect(
      d.query(`insert into machines (name, customer_id, qrcode) values ('Hoist', 1, 'FPQ2')`),
    ).rejects.toMatchObject({ code: '23505', constraint: 'machines_qrcode_unique' });
    expect(
      await d.query(`insert into machines (name, customer_id) values ('Hoist', 1) returning qrcode`),
    ).toEqual([{ qrcode: null }]);
    expect(
      await d.query(
        `select nextval('customer_numbers')::int as customer, nextval('department_ids')::int as department, nextval('customer_group_ids')::int as grp`,
      ),
    ).toEqual([{ customer: 10006, department: 8, grp: 1 }]);
  });
});
