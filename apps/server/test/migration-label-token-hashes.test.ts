import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureReferenceDataOnce } from '../src/seed/reference-data.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { emptyDatabase, migrations, migrationsBefore } from './migration-db.ts';
import { allLicences } from './support.ts';

/** Migration 0040's place in the journal (its index, not its number, orders it). */
const idx = (
  JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  }
).entries.find((e) => e.tag === '0040_label_token_hashes')!.idx;

const tokenOfLink = (link: string) => link.slice(link.lastIndexOf('/') + 1);

describe.each(engines)('migration 0040 (decision 087) on a database with a printed label on %s', (engine) => {
  let d: Awaited<ReturnType<typeof emptyDatabase>>;
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let legacy: string;
  let machineId: number;
  const dir = mkdtempSync(join(tmpdir(), 'fp-migration-'));
  const page = (token: string) => t.app.inject({ method: 'GET', url: `/api2/label/${token}` });
  /** The machine's whole row as text. */
  const rowText = async () =>
    JSON.stringify(
      (await t.db.execute(sql`select row_to_json(m)::text as j from machines m where id = ${machineId}`))
        .rows,
    );

  beforeAll(async () => {
    d = await emptyDatabase(engine, dir);
    await d.migrate(migrationsBefore(idx));
    // A machine whose label was printed with its random token (decision 070).
    await d.exec(`
        insert into customers (customer_number, name) values ('1001', 'Fjord Fisk AS');
        insert into machines (name, customer_id, qrcode) values ('Press 7', 1, 'FPLEGACY01');
      `);
    const [row] = await d.query('select id, label_token from machines');
    legacy = String(row!.label_token);
    machineId = Number(row!.id);
    expect(legacy).toMatch(/^[0-9a-f]{64}$/);
    if (engine === 'pglite') await d.close();
    // A server starts on it and applies 0040 as a served process does.
    t = await startTestApp(engine, engine === 'pglite' ? { embeddedDir: dir } : { databaseUrl: d.url! });
    await allLicences(t.app);
    await ensureReferenceDataOnce(t.db);
    admin = (await signedInUser(t, 1)).api;
  });
  afterAll(async () => {
    await t.close();
    if (engine === 'postgres') await d.close();
  });

  it('keeps the printed label working, prints the derived one, and New label link ends both', async () => {
    // The label printed before the migration still opens its machine's form.
    const before = await page(legacy);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().MachineName).toBe('Press 7');
    // Printing it again gives the new token, 43 base64url characters; it opens the form too.
    const link = await admin.get('/api2/qr/Link/FPLEGACY01');
    expect(link.statusCode, link.body).toBe(200);
    const current = tokenOfLink(link.json().Link);
    expect(current).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await page(current)).json().MachineName).toBe('Press 7');
    expect((await page(legacy)).statusCode).toBe(200);
    // No column holds either token: only their hashes are kept.
    expect(await rowText()).not.toContain(legacy);
    expect(await rowText()).not.toContain(current);

    const renewed = await admin.patch('machine', { Id: machineId, NewLabelLink: true });
    expect(renewed.statusCode, renewed.body).toBe(200);
    for (const old of [legacy, current]) {
      const gone = await page(old);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().Message).toBe('This label is not known here. Please call the office.');
    }
    const fresh = tokenOfLink((await admin.get('/api2/qr/Link/FPLEGACY01')).json().Link);
    expect(fresh).not.toBe(current);
    expect((await page(fresh)).json().MachineName).toBe('Press 7');
    expect(await rowText()).not.toContain(fresh);
  });
});
