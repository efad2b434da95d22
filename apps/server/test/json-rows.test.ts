import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { appointments, customers, jobs, machines } from '../src/db/schema/index.ts';
import { createAppointment, createCustomer, createJob, createMachine } from '../src/dev/factories/index.ts';
import { jsonRowOf, rowFromJson } from '../src/modules/common/json-rows.ts';
import { engines, openTestDatabase } from './harness.ts';

describe.each(engines)('rows nested as JSON read back as selected rows, on %s', (engine) => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const customer = await createCustomer(database.db, { creditLimit: '12500.50' });
    await createMachine(database.db, { customerId: customer.id, installDate: '2024-02-29' });
    const job = await createJob(database.db, { customerId: customer.id, machines: 2, estimatedTime: '2.75' });
    await createAppointment(database.db, { jobId: job.id });
  });
  afterAll(() => database.close());

  // Every column type the schema uses: numerics, timestamps with and without zone (as dates and as
  // text), dates as text, booleans, nulls, integers and text.
  it.each([
    ['jobs', jobs],
    ['machines', machines],
    ['appointments', appointments],
    ['customers', customers],
  ] as const)('%s: the same values to the letter', async (_name, table) => {
    const selected = await database.db.select().from(table).orderBy(asc(table.id));
    const nested = await database.db
      .select({ row: sql<Record<string, unknown>>`${jsonRowOf(table)}` })
      .from(table)
      .orderBy(asc(table.id));
    expect(selected.length).toBeGreaterThan(0);
    expect(nested.map((r) => rowFromJson(table, r.row))).toEqual(selected);
  });
});
