import { createHash } from 'node:crypto';
import type { MailLogEntry } from '@fieldport/contract';
import { toLocalDateTime } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, appointments, jobs, statusLinks } from '../src/db/schema/index.ts';
import {
  createContact,
  createCustomer,
  createJob,
  createStatusLink,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import { straightRouter } from '../src/infra/router.ts';
import { type Api, apiAs } from './api-client.ts';
import { engines, startTestApp, testClock } from './harness.ts';
import { allLicences, tokensOf } from './support.ts';

type List<T> = { Content: T[]; TotalCount: number };
const HOUR = 3_600_000;
/** Where the test jobs are: Drammen, about 40 km from the main office in Oslo (the settings' default). */
const DRAMMEN = { latitude: 59.7439, longitude: 10.2045 };
const OFFICE = { latitude: 59.9139, longitude: 10.7522 };
// The link is under the web app's base (BASE_PATH), where the server serves the page.
const TOKEN_IN = /\/portal\/status\/([A-Za-z0-9_-]{43})/;

/**
 * The customer's status link (issue 32 item 2, decision 072): the contact's message carries a link whose
 * page shows the job's state, the window, the technician's first name, the arrival estimate while on the
 * way and the report after the visit; a link revoked, expired, unknown or of another job shows nothing.
 */
describe.each(engines)('the customer’s status link on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  const clock = testClock();
  let seq = 0;

  /** Signed in at the clock's time (the access token is checked against it). */
  const as = async (email: string): Promise<Api> => apiAs(t.app, (await tokensOf(t.app, email)).access_token);
  const admin = async () => as(adminEmail);
  let adminEmail: string;

  /** A new job of a fresh customer in Drammen whose contact allows e-mail, and a technician. */
  async function plannedSetup() {
    const tag = `sl${++seq}${engine}`;
    const customer = await createCustomer(t.db, { name: `Kunde ${tag}` });
    await t.db.update(addresses).set(DRAMMEN).where(eq(addresses.id, customer.defaultDeliveryAddressId!));
    const contact = await createContact(t.db, {
      customerId: customer.id,
      name: `Kari ${tag}`,
      email: `kari.${tag}@kunde.test`,
      emailAllowed: true,
      smsAllowed: false,
    });
    const job = await createJob(t.db, {
      customerId: customer.id,
      contactPersonId: contact.id,
      jobStatusId: 10,
    });
    const tech = await createUser(t.db, { userTypeId: 2, name: `Tina ${tag} Tekniker` });
    return { tag, customer, contact, job, tech };
  }

  /** The office plans the job from `start` for two hours: the contact's confirmed mail has the link. */
  async function plan(s: Awaited<ReturnType<typeof plannedSetup>>, start: Date) {
    const res = await (await admin()).post('Appointment/create', {
      JobId: s.job.id,
      StartTime: toLocalDateTime(start, 'Europe/Oslo'),
      EndTime: toLocalDateTime(new Date(start.getTime() + 2 * HOUR), 'Europe/Oslo'),
      Type: 1,
      Participants: [s.tech.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { Id: number; StartTime: string; EndTime: string };
  }

  const mailsTo = async (to: string) =>
    ((await (await admin()).get('Log/MailLogs/Filtered', { SearchWord: to })).json() as List<MailLogEntry>)
      .Content;
  /** The token of the newest mail to `to` carrying a status link. */
  const tokenMailedTo = async (to: string, subject: RegExp) => {
    await t.app.services.tasks.drain();
    const mail = (await mailsTo(to)).find((m) => subject.test(m.Subject));
    expect(mail, `a mail to ${to}`).toBeTruthy();
    return TOKEN_IN.exec(mail!.Body)![1]!;
  };
  const page = (token: string, lang = 'en') =>
    t.app.inject({ method: 'GET', url: `/api2/status/${token}`, headers: { 'accept-language': lang } });

  beforeAll(async () => {
    t = await startTestApp(engine, { clock });
    await ensureReferenceData(t.db);
    await allLicences(t.app);
    adminEmail = (await createUser(t.db, { userTypeId: 1, name: 'Ada Admin' })).email;
    const saved = await (await admin()).post('settings/group', {
      Group: 'email',
      Values: { ConfirmedEmailEmailEnabled: true, OnMyWayEmailEnabled: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(() => t.close());

  it('mails the contact a link when the office plans the job; its page shows the state, window and first name only', async () => {
    const s = await plannedSetup();
    const start = new Date(clock.now().getTime() + 24 * HOUR);
    const appointment = await plan(s, start);
    const token = await tokenMailedTo(s.contact.email, /confirmed/);
    // Only the token's SHA-256 is kept.
    const rows = await t.db.select().from(statusLinks).where(eq(statusLinks.jobId, s.job.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const res = await page(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      Stage: 'planned',
      StatusName: 'Planned',
      WindowStart: appointment.StartTime,
      WindowEnd: appointment.EndTime,
      TechnicianFirstName: 'Tina',
      ArrivalEstimate: null,
      ReportAvailable: false,
    });
    // Nothing of the customer: not its name, the contact, the address or the technician's surname.
    for (const secret of [s.customer.name, s.contact.name, s.contact.email, 'Tekniker', s.tag])
      expect(res.body).not.toContain(secret);
    // In the recipient's language.
    expect((await page(token, 'nb')).json().StatusName).toBe('Planlagt');
    // Before the visit is done there is no report to fetch.
    const early = await t.app.inject({ method: 'GET', url: `/api2/status/${token}/ServiceReport` });
    expect(early.statusCode).toBe(404);
  });

  it('shows the arrival estimate from the technician’s day route once on the way, then the report after the visit', async () => {
    const s = await plannedSetup();
    const start = new Date(clock.now().getTime() + 48 * HOUR);
    const appointment = await plan(s, start);
    const token = await tokenMailedTo(s.contact.email, /confirmed/);
    // Another technician cannot set out to it: the same 404 as an unknown appointment, nothing set.
    const other = await createUser(t.db, { userTypeId: 2 });
    const refused = await (await as(other.email)).post(`Appointment/${appointment.Id}/OnMyWay`);
    expect(refused.statusCode).toBe(404);
    const [untouched] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.Id));
    expect(untouched!.onMyWayAt).toBeNull();

    // The morning of the visit the technician sets out from the office (the day's first stop).
    clock.set(new Date(start.getTime() - HOUR));
    const setOut = clock.now();
    const res = await (await as(s.tech.email)).post(`Appointment/${appointment.Id}/OnMyWay`);
    expect(res.statusCode, res.body).toBe(200);
    // The appointment says so to its readers (the technician's Today shows it).
    const read = await (await as(s.tech.email)).get(`Appointment/get/${appointment.Id}`);
    expect(read.json().OnMyWay).toBe(true);
    const drive = (await straightRouter.route(OFFICE, DRAMMEN)).durationSeconds;
    const eta = toLocalDateTime(new Date(setOut.getTime() + drive * 1000), 'Europe/Oslo');
    // The on-my-way mail carries a new link; both links show the estimate.
    const wayToken = await tokenMailedTo(s.contact.email, /on the way/);
    expect(wayToken).not.toBe(token);
    for (const tk of [token, wayToken])
      expect((await page(tk)).json()).toMatchObject({
        Stage: 'onMyWay',
        WindowStart: appointment.StartTime,
        TechnicianFirstName: 'Tina',
        ArrivalEstimate: eta,
        ReportAvailable: false,
      });

    // Past the estimate the technician is there.
    clock.set(new Date(setOut.getTime() + drive * 1000 + 60_000));
    expect((await page(token)).json()).toMatchObject({ Stage: 'onSite', ArrivalEstimate: null });

    // The visit done: the report can be fetched through the link, as a PDF.
    const done = await (await as(s.tech.email)).patch(`Job/${s.job.id}/ChangeStatus?jobStatusId=50`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await page(token)).json()).toMatchObject({ Stage: 'done', ReportAvailable: true });
    const pdf = await t.app.inject({ method: 'GET', url: `/api2/status/${token}/ServiceReport` });
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // 72 hours after the visit ended the link has expired: 404, with a translated message.
    clock.set(new Date(start.getTime() + 2 * HOUR + 72 * HOUR + 60_000));
    const expired = await page(token, 'sv');
    expect(expired.statusCode).toBe(404);
    expect(expired.json().Message).toBe(
      'Den här länken har gått ut eller gäller inte längre. Kontakta kontoret för att få en ny.',
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api2/status/${token}/ServiceReport` })).statusCode,
    ).toBe(404);
    clock.set(new Date());
  });

  it('a revoked link answers 404 at once and changes nothing; the next message makes a new link', async () => {
    const s = await plannedSetup();
    const start = new Date(clock.now().getTime() + 24 * HOUR);
    const appointment = await plan(s, start);
    const token = await tokenMailedTo(s.contact.email, /confirmed/);
    expect((await page(token)).statusCode).toBe(200);

    // Only the office revokes.
    const tech = await as(s.tech.email);
    expect((await tech.delete(`Job/${s.job.id}/StatusLink`)).statusCode).toBe(403);
    const revoked = await (await admin()).delete(`Job/${s.job.id}/StatusLink`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ Revoked: 1 });

    const gone = await page(token, 'nb');
    expect(gone.statusCode).toBe(404);
    expect(gone.json().Message).toBe(
      'Denne lenken er utløpt eller ikke lenger gyldig. Kontakt kontoret for å få en ny.',
    );
    const [job] = await t.db.select().from(jobs).where(eq(jobs.id, s.job.id));
    expect(job!.jobStatusId).toBe(20);

    // On the way: the new message's link opens, the revoked one stays closed.
    const way = await tech.post(`Appointment/${appointment.Id}/OnMyWay`);
    expect(way.statusCode, way.body).toBe(200);
    const fresh = await tokenMailedTo(s.contact.email, /on the way/);
    expect((await page(fresh)).statusCode).toBe(200);
    expect((await page(token)).statusCode).toBe(404);
  });

  it('a token opens only its own job; unknown and malformed tokens answer the same 404', async () => {
    const mine = await plannedSetup();
    const theirs = await plannedSetup();
    await plan(mine, new Date(clock.now().getTime() + 30 * HOUR));
    const theirAppointment = await plan(theirs, new Date(clock.now().getTime() + 50 * HOUR));
    const token = await tokenMailedTo(mine.contact.email, /confirmed/);
    const res = await page(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().WindowStart).not.toBe(theirAppointment.StartTime);
    for (const secret of [theirs.customer.name, theirs.contact.email, theirs.tag, theirAppointment.StartTime])
      expect(res.body).not.toContain(secret);
    // A token of the right shape that is no link's, one too short, and one of a deleted job's link.
    const deleted = await createJob(t.db, { jobStatusId: 110 });
    for (const bad of ['A'.repeat(43), 'abc', await createStatusLink(t.db, deleted.id)]) {
      const r = await page(bad);
      expect(r.statusCode, bad).toBe(404);
      expect(r.json().Message).toBe(
        'This link has expired or is no longer valid. Please contact the office for a new one.',
      );
    }
    // A revoked row of the same job does not open either.
    expect(
      (await page(await createStatusLink(t.db, mine.job.id, { revokedAt: new Date() }))).statusCode,
    ).toBe(404);
  });
});
