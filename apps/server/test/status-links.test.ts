import { createHash } from 'node:crypto';
import type { MailLogEntry } from '@fieldport/contract';
import { toLocalDateTime } from '@fieldport/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, appointments, jobs, statusLinks, wayPositions } from '../src/db/schema/index.ts';
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
  // The office's session, signed in again only when the clock has moved (sign-in is throttled per account).
  let office: { at: number; api: Api } | null = null;
  const admin = async () => {
    const at = clock.now().getTime();
    if (!office || Math.abs(at - office.at) > 60_000) office = { at, api: await as(adminEmail) };
    return office.api;
  };
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

  /** The job planned two days ahead, and the technician set out an hour before the window. */
  async function onTheWay() {
    const s = await plannedSetup();
    const start = new Date(clock.now().getTime() + 48 * HOUR);
    const appointment = await plan(s, start);
    const token = await tokenMailedTo(s.contact.email, /confirmed/);
    clock.set(new Date(start.getTime() - HOUR));
    const tech = await as(s.tech.email);
    const res = await tech.post(`Appointment/${appointment.Id}/OnMyWay`);
    expect(res.statusCode, res.body).toBe(200);
    return { ...s, appointment, token, tech, setOut: clock.now(), start };
  }
  const positionsOf = (appointmentId: number) =>
    t.db.select().from(wayPositions).where(eq(wayPositions.appointmentId, appointmentId));

  it('a position from the technician’s phone moves the estimate; the page never shows where they are', async () => {
    const w = await onTheWay();
    const planned = toLocalDateTime(
      new Date(w.setOut.getTime() + (await straightRouter.route(OFFICE, DRAMMEN)).durationSeconds * 1000),
      'Europe/Oslo',
    );
    expect((await page(w.token)).json().ArrivalEstimate).toBe(planned);

    // Ten minutes out the phone is near Drammen: the estimate is the drive from there.
    clock.set(new Date(w.setOut.getTime() + 10 * 60_000));
    const near = { latitude: 59.7612, longitude: 10.3187 };
    const sent = await w.tech.post(`Appointment/${w.appointment.Id}/Position`, {
      Latitude: near.latitude,
      Longitude: near.longitude,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ RecordedAt: toLocalDateTime(clock.now(), 'Europe/Oslo') });
    const drive = (await straightRouter.route(near, DRAMMEN)).durationSeconds;
    const eta = toLocalDateTime(new Date(clock.now().getTime() + drive * 1000), 'Europe/Oslo');
    expect(eta).not.toBe(planned);
    const res = await page(w.token);
    expect(res.json()).toMatchObject({ Stage: 'onMyWay', ArrivalEstimate: eta });
    // Nothing of the position: no coordinate, no field beyond the page's own.
    for (const secret of ['59.76', '10.31', 'Latitude', 'Longitude', 'Position'])
      expect(res.body).not.toContain(secret);
    // One row kept for the appointment, overwritten by the next position: no history.
    await w.tech.post(`Appointment/${w.appointment.Id}/Position`, { Latitude: 59.75, Longitude: 10.25 });
    expect(await positionsOf(w.appointment.Id)).toHaveLength(1);

    // A position older than five minutes no longer stands for where they are: the plan's estimate.
    clock.set(new Date(clock.now().getTime() + 6 * 60_000));
    expect((await page(w.token)).json()).toMatchObject({ Stage: 'onMyWay', ArrivalEstimate: planned });

    // Arrived (the estimate passed): the position is forgotten.
    clock.set(new Date(w.setOut.getTime() + 2 * HOUR));
    expect((await page(w.token)).json()).toMatchObject({ Stage: 'onSite', ArrivalEstimate: null });
    expect(await positionsOf(w.appointment.Id)).toEqual([]);
    clock.set(new Date());
  });

  it('only the appointment’s technician sends a position, only while on the way, and only a place on earth', async () => {
    const s = await plannedSetup();
    const appointment = await plan(s, new Date(clock.now().getTime() + 30 * HOUR));
    const tech = await as(s.tech.email);
    const at = { Latitude: 59.8, Longitude: 10.5 };
    // Not on the way yet: refused with a translated message.
    const early = await tech.post(`Appointment/${appointment.Id}/Position`, at);
    expect(early.statusCode).toBe(409);
    expect(early.json().Message).toBe('This appointment is not on the way: set it On my way first.');
    expect((await tech.post(`Appointment/${appointment.Id}/OnMyWay`)).statusCode).toBe(200);
    // Another technician and the office (not a participant) get the appointment's 404.
    const other = await createUser(t.db, { userTypeId: 2 });
    for (const api of [await as(other.email), await admin()])
      expect((await api.post(`Appointment/${appointment.Id}/Position`, at)).statusCode).toBe(404);
    // Outside the earth's range: 400, nothing kept.
    for (const bad of [
      { Latitude: 91, Longitude: 10 },
      { Latitude: 59, Longitude: -181 },
      { Latitude: '59', Longitude: 10 },
    ])
      expect((await tech.post(`Appointment/${appointment.Id}/Position`, bad)).statusCode).toBe(400);
    expect(await positionsOf(appointment.Id)).toEqual([]);
    // The participant's is kept; revoking the job's links forgets it.
    expect((await tech.post(`Appointment/${appointment.Id}/Position`, at)).statusCode).toBe(200);
    expect(await positionsOf(appointment.Id)).toHaveLength(1);
    expect((await (await admin()).delete(`Job/${s.job.id}/StatusLink`)).statusCode).toBe(200);
    expect(await positionsOf(appointment.Id)).toEqual([]);
  });

  it('a runaway phone is slowed: more than ten positions a minute are refused with a translated message', async () => {
    const w = await onTheWay();
    const at = { Latitude: 59.8, Longitude: 10.5 };
    for (let i = 0; i < 10; i++)
      expect((await w.tech.post(`Appointment/${w.appointment.Id}/Position`, at)).statusCode).toBe(200);
    const eleventh = await w.tech.post(`Appointment/${w.appointment.Id}/Position`, at);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().Message).toBe('Too many attempts. Try again later.');
    // The minute is the server's: a minute on, the phone is heard again.
    clock.advance(60_000);
    expect((await w.tech.post(`Appointment/${w.appointment.Id}/Position`, at)).statusCode).toBe(200);
    clock.set(new Date());
  });

  it('the travelling sub-status sets the technician’s appointment on the way, with one message', async () => {
    const s = await plannedSetup();
    const start = new Date(clock.now().getTime() + 72 * HOUR);
    const appointment = await plan(s, start);
    await t.app.services.tasks.drain();
    clock.set(new Date(start.getTime() - HOUR));
    const tech = await as(s.tech.email);
    const travelling = await tech.patch(`Job/${s.job.id}/ChangeStatus?jobStatusId=30&jobSubStatusId=5`);
    expect(travelling.statusCode, travelling.body).toBe(200);
    const [set] = await t.db.select().from(appointments).where(eq(appointments.id, appointment.Id));
    expect(set!.onMyWayAt).not.toBeNull();
    const wayToken = await tokenMailedTo(s.contact.email, /on the way/);
    expect((await page(wayToken)).json().Stage).toBe('onMyWay');
    // On site, then travelling again (or the button after): no second message.
    await tech.patch(`Job/${s.job.id}/ChangeStatus?jobStatusId=30&jobSubStatusId=6`);
    await tech.patch(`Job/${s.job.id}/ChangeStatus?jobStatusId=30&jobSubStatusId=5`);
    await t.app.services.tasks.drain();
    expect((await mailsTo(s.contact.email)).filter((m) => /on the way/.test(m.Subject))).toHaveLength(1);
    // A sub-status that does not set out sets nothing.
    const other = await plannedSetup();
    const second = await plan(other, new Date(clock.now().getTime() + 2 * HOUR));
    await (await as(other.tech.email)).patch(
      `Job/${other.job.id}/ChangeStatus?jobStatusId=30&jobSubStatusId=6`,
    );
    const [untouched] = await t.db.select().from(appointments).where(eq(appointments.id, second.Id));
    expect(untouched!.onMyWayAt).toBeNull();
    // The Admin makes another sub-status the one that sets out: by its flag, not its id or name.
    const added = await (await admin()).post('JobSubStatus', { ParentId: 30, Name: `Kjører ${other.tag}` });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().SetsOnMyWay).toBe(false);
    const flagged = await (await admin()).patch('JobSubStatus', {
      Id: added.json().Id,
      SetsOnMyWay: true,
      RowVersion: added.json().RowVersion,
    });
    expect(flagged.json().SetsOnMyWay).toBe(true);
    await (await as(other.tech.email)).patch(
      `Job/${other.job.id}/ChangeStatus?jobStatusId=30&jobSubStatusId=${added.json().Id}`,
    );
    const [setOut] = await t.db.select().from(appointments).where(eq(appointments.id, second.Id));
    expect(setOut!.onMyWayAt).not.toBeNull();
    clock.set(new Date());
  });
});
