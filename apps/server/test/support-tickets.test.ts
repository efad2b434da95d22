import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../src/db/schema/index.ts';
import { createUser } from '../src/dev/factories/index.ts';
import { engines, startTestApp } from './harness.ts';
import { bearer, tokensOf } from './support.ts';

describe.each(engines)('support tickets on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;

  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('files a support ticket and refuses one without a subject, writing nothing', async () => {
    const user = await createUser(t.db, { userTypeId: 2 });
    const { access_token } = await tokensOf(t.app, user.email);
    const countTickets = async () =>
      (await t.db.select({ n: count() }).from(supportTickets).where(eq(supportTickets.userId, user.id)))[0]!
        .n;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/Ticket/Error/New',
      headers: bearer(access_token),
      payload: { Subject: '  ', CCMe: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .Errors.map((e: { Field: string }) => e.Field)
        .sort(),
    ).toEqual(['CCMe', 'Subject']);
    expect(await countTickets()).toBe(0);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api2/ServiceProvider/Ticket/Error/New',
      headers: bearer(access_token),
      payload: {
        Subject: 'Error in GET',
        ErrorLogg: { Route: '/job', Method: 'GET', Input: '', Response: '500' },
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().Message).toBe('Successfully sent ticket :)');
    expect(await countTickets()).toBe(1);
  });
});
