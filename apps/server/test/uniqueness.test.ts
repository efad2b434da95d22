import { MAX_ID } from '@fieldport/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createCustomer, createMachine, createSupplier } from '../src/dev/factories/index.ts';
import { staffApp } from './api-client.ts';
import { engines } from './harness.ts';

/**
 * Uniqueness holds under concurrent requests (spec README, Uniqueness): unique indexes and sequences
 * (migration 0010), the loser of a race answered 409 with 'already in use on'. On PostgreSQL the
 * requests really run side by side on the pool's connections; PGlite runs one transaction at a time.
 */
const tag = () => Math.random().toString(36).slice(2, 8);
const TIMES = 8;

/** The same call `n` times at once. */
const atOnce = (n: number, call: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => call(i)));

/** Exactly one saved; every other one refused with 409 naming the winner; answers the winner. */
function oneWins(
  answers: LightMyRequestResponse[],
  message: (i: number, winner: LightMyRequestResponse) => string,
) {
  const won = answers.filter((a) => a.statusCode === 200);
  expect(won.length, answers.map((a) => `${a.statusCode} ${a.body}`).join('\n')).toBe(1);
  const winner = won[0]!;
  answers.forEach((a, i) => {
    if (a === winner) return;
    expect(a.statusCode, a.body).toBe(409);
    expect(a.json().Message).toBe(message(i, winner));
  });
  return winner;
}

describe.each(engines)('uniqueness under concurrent requests on %s', (engine) => {
  const s = staffApp(engine);
  const rows = async (query: string, params: unknown[]) =>
    (await s.t.db.$client.query(query, params)) as unknown as { rows: Record<string, unknown>[] };

  describe.each([
    { path: 'WarrantyType/add', table: 'warranty_types' },
    { path: 'RepairPlace/add', table: 'repair_places' },
    { path: 'JobCategory', table: 'job_categories' },
  ])('$table', ({ path, table }) => {
    it(`keeps one of ${TIMES} simultaneous creates of a name, whatever its case`, async () => {
      const name = `Twin ${tag()}`;
      const sent = (i: number) => (i % 2 ? name.toUpperCase() : name);
      const answers = await atOnce(TIMES, (i) => s.admin.put(path, { Name: sent(i) }));
      const winner = oneWins(answers, (i, w) => `${sent(i)} is already in use on ${w.json().Name}.`);
      const stored = await rows(`select id from ${table} where lower(name) = lower($1)`, [name]);
      expect(stored.rows.map((r) => r.id)).toEqual([winner.json().Id]);
    });
  });

  it(`keeps one of ${TIMES} simultaneous renames to one name`, async () => {
    const name = `Rename ${tag()}`;
    const made = await Promise.all(
      Array.from({ length: TIMES }, async (_, i) =>
        (await s.admin.put('WarrantyType/add', { Name: `${name} ${i}` })).json(),
      ),
    );
    const answers = await atOnce(TIMES, (i) =>
      s.admin.patch('WarrantyType/change', { Id: made[i].Id, Name: name }),
    );
    oneWins(answers, () => `${name} is already in use on ${name}.`);
    const stored = await rows('select id from warranty_types where lower(name) = lower($1)', [name]);
    expect(stored.rows).toHaveLength(1);
  });

  it(`keeps one of ${TIMES} simultaneous sub-statuses of one name under one status`, async () => {
    const name = `Waiting ${tag()}`;
    const answers = await atOnce(TIMES, () => s.admin.post('JobSubStatus', { ParentId: 30, Name: name }));
    oneWins(answers, () => `${name} is already in use on ${name}.`);
    const stored = await rows('select id from job_sub_statuses where job_status_id = 30 and name = $1', [
      name,
    ]);
    expect(stored.rows).toHaveLength(1);
  });

  it(`keeps one of ${TIMES} simultaneous repair codes and failure codes of one code`, async () => {
    const code = `R${tag()}`;
    const repair = await atOnce(TIMES, () => s.admin.put(`RepairCode/add?code=${code}&description=Bearing`));
    oneWins(repair, () => `${code} is already in use on ${code} Bearing.`);
    expect((await rows('select id from repair_codes where code = $1', [code])).rows).toHaveLength(1);

    const supplier = await createSupplier(s.t.db, { name: `Acme ${tag()}` });
    const failure = await atOnce(TIMES, () =>
      s.admin.put('SupplierFailureCode/add', { SupplierId: supplier.id, Code: code, Description: 'Hot' }),
    );
    oneWins(failure, () => `${code} is already in use on ${code} Hot.`);
    const stored = await rows('select id from supplier_failure_codes where supplier_id = $1', [supplier.id]);
    expect(stored.rows).toHaveLength(1);
  });

  it('puts one QR code on one machine only, whether machines are created or changed at once', async () => {
    const customer = await createCustomer(s.t.db);
    const code = `FPQ${tag()}`;
    const created = await atOnce(TIMES, (i) =>
      s.technician.post('machine', { Name: `Pump ${i}`, CustomerId: customer.id, Qrcode: code }),
    );
    const winner = oneWins(created, (_, w) => `${code} is already in use on ${w.json().Name}.`);
    expect(created.filter((a) => a.statusCode === 409)[0]!.json().Errors).toEqual([
      { Field: 'Qrcode', Message: `${code} is already in use on ${winner.json().Name}.` },
    ]);
    expect((await rows('select id from machines where qrcode = $1', [code])).rows).toEqual([
      { id: winner.json().Id },
    ]);

    const other = `FPQ${tag()}`;
    const machines = await Promise.all(
      Array.from({ length: TIMES }, (_, i) =>
        createMachine(s.t.db, { customerId: customer.id, name: `M ${i}` }),
      ),
    );
    const changed = await atOnce(TIMES, (i) =>
      s.technician.patch('machine', { Id: machines[i]!.id, Qrcode: other }),
    );
    const holder = oneWins(changed, (_, w) => `${other} is already in use on ${w.json().Name}.`);
    expect((await rows('select id from machines where qrcode = $1', [other])).rows).toEqual([
      { id: holder.json().Id },
    ]);
  });

  it('gives 40 customers created at once 40 different automatic numbers', async () => {
    const answers = await atOnce(40, (i) => s.admin.post('customer/', { Name: `Concurrent ${i}` }));
    expect(
      answers.filter((a) => a.statusCode !== 200).map((a) => a.body),
      'every create succeeds',
    ).toEqual([]);
    const numbers = answers.map((a) => a.json().CustomerNumber as string);
    expect(new Set(numbers).size).toBe(40);
    for (const n of numbers) expect(n).toMatch(/^[0-9]+$/);
  });

  it('numbers the next automatic customer one above the highest, also one typed in by hand', async () => {
    const high = String(5_000_000 + Math.floor(Math.random() * 1_000_000));
    expect((await s.admin.post('customer/', { Name: 'By hand', CustomerNumber: high })).statusCode).toBe(200);
    const next = await s.admin.post('customer/', { Name: 'Automatic' });
    expect(next.json().CustomerNumber).toBe(String(Number(high) + 1));
  });

  it(`keeps one of ${TIMES} simultaneous creates of one customer number and offers its holder`, async () => {
    const number = `C-${tag()}`;
    const answers = await atOnce(TIMES, (i) =>
      s.admin.post('customer/', {
        Name: `Number twin ${i}`,
        CustomerNumber: i % 2 ? number.toLowerCase() : number,
      }),
    );
    const winner = oneWins(
      answers,
      (i, w) => `${i % 2 ? number.toLowerCase() : number} is already in use on ${w.json().Name}.`,
    );
    for (const a of answers) if (a !== winner) expect(a.json().MergeCandidateId).toBe(winner.json().Id);
    const stored = await rows('select id from customers where lower(customer_number) = lower($1)', [number]);
    expect(stored.rows).toHaveLength(1);
  });

  it(`keeps one of ${TIMES} simultaneous accounts of one e-mail address, whatever its case`, async () => {
    const email = `twin.${tag()}@example.test`;
    const sent = (i: number) => (i % 2 ? email.toUpperCase() : email);
    const answers = await atOnce(TIMES, (i) =>
      s.admin.post('User/add', { Name: `Twin ${i}`, EmailAdress: sent(i), UserTypeId: 2 }),
    );
    oneWins(answers, (i, w) => `${sent(i)} is already in use on ${w.json().Name}.`);
    expect((await rows('select id from users where lower(email) = $1', [email])).rows).toHaveLength(1);
  });

  it(`keeps one of ${TIMES} departments and customer groups of one id; automatic ids never collide`, async () => {
    const id = 900_000 + Math.floor(Math.random() * 90_000);
    const departments = await atOnce(TIMES, (i) =>
      s.admin.post('Department/', { Id: id, Name: `Dept ${i}` }),
    );
    oneWins(departments, (_, w) => `${id} is already in use on ${w.json().Name}.`);
    const automatic = await atOnce(TIMES, (i) => s.admin.post('Department/', { Name: `Auto ${i}` }));
    expect(automatic.map((a) => a.statusCode)).toEqual(Array(TIMES).fill(200));
    expect(new Set(automatic.map((a) => a.json().Id)).size).toBe(TIMES);
    for (const a of automatic) expect(a.json().Id).toBeGreaterThan(id);

    const groups = await atOnce(TIMES, (i) =>
      s.admin.multipart('POST', 'CustomerGroup/', { CustomerGroup: { Id: id, Name: `Group ${i}` } }),
    );
    oneWins(groups, (_, w) => `${id} is already in use on ${w.json().Name}.`);
    const autoGroups = await atOnce(TIMES, (i) =>
      s.admin.multipart('POST', 'CustomerGroup/', { CustomerGroup: { Name: `Auto group ${i}` } }),
    );
    expect(autoGroups.map((a) => a.statusCode)).toEqual(Array(TIMES).fill(200));
    expect(new Set(autoGroups.map((a) => a.json().Id)).size).toBe(TIMES);
  });

  // Found by the input fuzzing (fuzz.test.ts): 'one above the highest' overflowed the integer column (500).
  it('gives the lowest free id once an id typed in is the largest there is', async () => {
    expect((await s.admin.post('Department/', { Id: MAX_ID, Name: 'Top department' })).statusCode).toBe(200);
    const departments = await atOnce(2, (i) => s.admin.post('Department/', { Name: `After top ${i}` }));
    expect(departments.map((a) => a.statusCode)).toEqual([200, 200]);
    const group = await s.admin.multipart('POST', 'CustomerGroup/', {
      CustomerGroup: { Id: MAX_ID, Name: 'Top' },
    });
    expect(group.statusCode, group.body).toBe(200);
    const groups = [];
    for (const i of [1, 2])
      groups.push(
        await s.admin.multipart('POST', 'CustomerGroup/', { CustomerGroup: { Name: `After top ${i}` } }),
      );
    expect(groups.map((a) => a.statusCode)).toEqual([200, 200]);
    for (const a of [...departments, ...groups]) expect(a.json().Id).toBeLessThan(MAX_ID);
    expect(new Set(groups.map((a) => a.json().Id)).size).toBe(2);
  });
});
