import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, eventLog } from '../src/db/schema/index.ts';
import { createCustomer, createUser, ensureReferenceData } from '../src/dev/factories/index.ts';
import { changeWithEvents } from '../src/modules/common/outbox.ts';
import { apiAs } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, tokensOf } from './support.ts';

type App = Awaited<ReturnType<typeof startTestApp>>;

const signedIn = async (t: App, userTypeId: number, extra: object = {}) => {
  const user = await createUser(t.db, { userTypeId, ...extra });
  return apiAs(t.app, (await tokensOf(t.app, user.email)).access_token);
};

/** Renames a customer behind the API's back: no change event, no write call. */
const renameQuietly = (t: App, id: number, name: string) =>
  t.db.update(customers).set({ name }).where(eq(customers.id, id));

describe.each(engines)('kept answers of the hot reads on %s', (engine) => {
  let t: App;
  beforeAll(async () => {
    t = await startTestApp(engine, { answerCache: true });
    await ensureReferenceData(t.db);
    await allLicences(t.app);
  });
  afterAll(() => t.close());

  it('gives a kept answer again, and the change at once after a write through the API', async () => {
    const admin = await signedIn(t, 1);
    const c = await createCustomer(t.db, { name: 'Kept Before AS' });
    const first = await admin.get('customer/', { id: String(c.id) });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().Name).toBe('Kept Before AS');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    // Kept: a change nobody announced is not seen (what the cache is for: no query).
    await renameQuietly(t, c.id, 'Quiet Rename AS');
    expect((await admin.get('customer/', { id: String(c.id) })).json().Name).toBe('Kept Before AS');

    // A write through the API, of anything: the next read is read again.
    const changed = await admin.patch(`customer/${c.id}`, { Name: 'Changed Through API AS' });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await admin.get('customer/', { id: String(c.id) });
    expect(after.json().Name).toBe('Changed Through API AS');
  });

  it('reads again after a change event committed by any code of this process', async () => {
    const admin = await signedIn(t, 1);
    const c = await createCustomer(t.db, { name: 'Event Before AS' });
    expect((await admin.get('customer/', { id: String(c.id) })).json().Name).toBe('Event Before AS');
    await renameQuietly(t, c.id, 'Event After AS');
    await changeWithEvents(t.db, async (_tx, emit) => {
      emit({ entity: 'customer', entityId: c.id, changeType: 'Change', userId: null });
    });
    expect((await admin.get('customer/', { id: String(c.id) })).json().Name).toBe('Event After AS');
  });

  it('never gives one caller’s answer to another: each user has its own', async () => {
    const own = await createCustomer(t.db, { name: 'Own Company AS' });
    await createCustomer(t.db, { name: 'Other Company AS' });
    const admin = await signedIn(t, 1);
    const customerUser = await signedIn(t, 4, { customerId: own.id });
    const page = { Page: '1', ItemsPerPage: '200' };
    const staffNames = (await admin.get('customer/Filtered', page))
      .json()
      .Content.map((r: { Name: string }) => r.Name);
    expect(staffNames).toEqual(expect.arrayContaining(['Own Company AS', 'Other Company AS']));
    const seen = await customerUser.get('customer/Filtered', page);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().Content.map((r: { Name: string }) => r.Name)).toEqual(['Own Company AS']);

    // The customer user's second read is its own kept answer, not the staff's.
    const again = await customerUser.get('customer/Filtered', page);
    expect(again.body).toBe(seen.body);
  });

  it('keeps nothing for a refused caller and refuses a signed-out one its kept answer', async () => {
    const c = await createCustomer(t.db);
    const user = await createUser(t.db, { userTypeId: 1 });
    const tokens = await tokensOf(t.app, user.email);
    const admin = apiAs(t.app, tokens.access_token);
    expect((await admin.get('customer/', { id: String(c.id) })).statusCode).toBe(200);
    const out = await apiAs(t.app, tokens.refresh_token).post('/api2/token/revoke');
    expect(out.statusCode, out.body).toBeLessThan(300);
    expect((await admin.get('customer/', { id: String(c.id) })).statusCode).toBe(401);
    expect((await apiAs(t.app, null).get('customer/', { id: String(c.id) })).statusCode).toBe(401);
  });

  // A page that saw an event through another process behind the balancer.
  it('is answered only once this process has caught up to the sequence it sends', async () => {
    const admin = await signedIn(t, 1);
    const c = await createCustomer(t.db, { name: 'Seen Elsewhere Before AS' });
    expect((await admin.get('customer/', { id: String(c.id) })).json().Name).toBe('Seen Elsewhere Before AS');
    // Another process commits a rename and its event: here only the outbox row, no NOTIFY, so this
    // process learns of it at its next poll at the latest.
    await renameQuietly(t, c.id, 'Seen Elsewhere After AS');
    const [event] = await t.db
      .insert(eventLog)
      .values({ entity: 'customer', entityId: String(c.id), changeType: 'Change', userId: null })
      .returning({ id: eventLog.id });
    // A read without the sequence may still get the kept answer…
    const unaware = await admin.get('customer/', { id: String(c.id) });
    expect(unaware.statusCode).toBe(200);
    // …one that sends it waits for this process to hand that event on, and gets the change.
    const aware = await t.app.inject({
      method: 'GET',
      url: `/api2/ServiceProvider/customer/?id=${c.id}`,
      headers: { ...admin.headers, 'x-live-sequence': String(event!.id) },
    });
    expect(aware.statusCode, aware.body).toBe(200);
    expect(aware.json().Name).toBe('Seen Elsewhere After AS');
    expect(t.app.services.live.sequence).toBeGreaterThanOrEqual(event!.id);
  });

  it('waits no more than a second for a sequence this database never reached', async () => {
    const admin = await signedIn(t, 1);
    const started = Date.now();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api2/ServiceProvider/userinfo',
      headers: { ...admin.headers, 'x-live-sequence': '999999999' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // A bound far from the second it waits, whatever the machine's load: the call is not held for good.
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});

describe.skipIf(!engines.includes('postgres'))(
  'kept answers across two server processes on one PostgreSQL',
  () => {
    it('a change committed by the other process is read again once its event arrives', async () => {
      const one = await startTestApp('postgres', { answerCache: true });
      const two = await startTestApp('postgres', { databaseUrl: one.databaseUrl!, answerCache: true });
      try {
        await allLicences(one.app);
        const user = await createUser(one.db, { userTypeId: 1 });
        const onOne = apiAs(one.app, (await tokensOf(one.app, user.email)).access_token);
        const onTwo = apiAs(two.app, (await tokensOf(two.app, user.email)).access_token);
        const c = await createCustomer(one.db, { name: 'Across Before AS' });
        expect((await onOne.get('customer/', { id: String(c.id) })).json().Name).toBe('Across Before AS');
        expect((await onTwo.patch(`customer/${c.id}`, { Name: 'Across After AS' })).statusCode).toBe(200);
        // Once process one has handed on the change's event (waited on, not polled), its next read
        // is the new name: the event cleared the kept answer, not the ten seconds it lives at most.
        const [last] = await one.db
          .select({ id: eventLog.id })
          .from(eventLog)
          .orderBy(desc(eventLog.id))
          .limit(1);
        await one.app.services.live.reach(last!.id, 60_000);
        expect(one.app.services.live.sequence).toBeGreaterThanOrEqual(last!.id);
        expect((await onOne.get('customer/', { id: String(c.id) })).json().Name).toBe('Across After AS');
      } finally {
        await two.close();
        await one.close();
      }
    });
  },
);
