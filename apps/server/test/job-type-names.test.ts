import type { JobListItem, JobPriority, JobType } from '@fieldport/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppointment,
  createCustomer,
  createJob,
  createUser,
  ensureReferenceData,
} from '../src/dev/factories/index.ts';
import { writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, bearer, tokensOf } from './support.ts';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** The API as one user reading in one language (Accept-Language, as the web client sends it). */
function speaking(app: FastifyInstance, token: string, lang: string) {
  const headers = { ...bearer(token), 'accept-language': lang };
  const url = (path: string) => `/api2/ServiceProvider/${path}`;
  return {
    get: (path: string, query?: Record<string, string>) =>
      app.inject({ method: 'GET', url: url(path), headers, ...(query ? { query } : {}) }),
    post: (path: string, payload: object) => app.inject({ method: 'POST', url: url(path), headers, payload }),
    patch: (path: string, payload: object) =>
      app.inject({ method: 'PATCH', url: url(path), headers, payload }),
  };
}
type Api = ReturnType<typeof speaking>;

async function userIn(t: App, userTypeId: number, extra: object = {}) {
  const user = await createUser(t.db, { userTypeId, ...extra });
  const token = (await tokensOf(t.app, user.email)).access_token;
  return (lang: string) => speaking(t.app, token, lang);
}

const listItem = async (api: Api, customerId: number) => {
  const res = await api.post('JobList/Filtered', { CustomerId: customerId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Content[0] as JobListItem;
};
const types = async (api: Api) => (await api.get('jobtype')).json() as JobType[];
const priorities = async (api: Api) => (await api.get('jobpriority')).json() as JobPriority[];
const typeOf = async (api: Api, id: number) => (await types(api)).find((x) => x.Id === id)!;
const priorityOf = async (api: Api, id: number) => (await priorities(api)).find((x) => x.Id === id)!;

// Each test edits its own rows (types 1, 2, 5; priorities 3, 4), so the order of the tests does not matter.
describe.each(engines)('job type and priority names edited by the Admin on %s', (engine) => {
  for (const answerCache of [false, true]) {
    describe(answerCache ? 'with kept answers' : 'read every time', () => {
      let t: App;
      let admin: (lang: string) => Api;
      let technician: (lang: string) => Api;
      beforeAll(async () => {
        t = await startTestApp(engine, { answerCache });
        await ensureReferenceData(t.db);
        await allLicences(t.app);
        admin = await userIn(t, 1);
        technician = await userIn(t, 2);
      });
      afterAll(() => t.close());

      it('answers every type and priority with its names per language and its RowVersion', async () => {
        const type = await typeOf(technician('en'), 2);
        expect(type).toMatchObject({ Id: 2, Name: 'Repair', RowVersion: expect.any(Number) });
        expect(type.Names).toMatchObject({ en: 'Repair', sv: 'Reparation' });
        const priority = await priorityOf(technician('no'), 1);
        expect(priority).toMatchObject({ Id: 1, Name: 'Kritisk', DueAfterHours: 4 });
        expect(priority.Names).toMatchObject({ en: 'Critical', no: 'Kritisk' });
      });

      it('a Norwegian Admin renames a type in Norwegian only: Norwegian readers see it everywhere, English readers keep English', async () => {
        const customer = await createCustomer(t.db);
        const job = await createJob(t.db, { customerId: customer.id, jobTypeId: 5, jobPriorityId: 4 });
        const appointment = await createAppointment(t.db, { jobId: job.id });
        const date = appointment.startTime.slice(0, 10);
        const englishBefore = (await typeOf(technician('en'), 5)).Name;
        const before = await typeOf(admin('no'), 5);
        // Read first, so a kept answer of the old names exists and must be dropped.
        expect((await listItem(technician('no'), customer.id)).JobTypeName).toBe(before.Name);

        const res = await admin('no').patch('jobtype', {
          Id: 5,
          Name: 'Serviceavtale-besøk',
          RowVersion: before.RowVersion,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({
          Id: 5,
          Name: 'Serviceavtale-besøk',
          RowVersion: before.RowVersion! + 1,
          Names: { no: 'Serviceavtale-besøk', en: englishBefore },
        });

        expect((await listItem(technician('no'), customer.id)).JobTypeName).toBe('Serviceavtale-besøk');
        expect((await listItem(technician('en'), customer.id)).JobTypeName).toBe(englishBefore);
        expect((await technician('no').get(`job/${job.id}`)).json().JobTypeName).toBe('Serviceavtale-besøk');
        expect((await technician('en').get(`job/${job.id}`)).json().JobTypeName).toBe(englishBefore);
        const planned = await technician('no').get(`Appointment/job/${job.id}`);
        expect(planned.statusCode, planned.body).toBe(200);
        expect(planned.json()[0].Job.JobTypeName).toBe('Serviceavtale-besøk');
        const window = await technician('no').get('Scheduler/DateRange/', { date1: date, date2: date });
        expect(window.statusCode, window.body).toBe(200);
        const event = (window.json().events as { jobId: number; jobTypeName: string }[]).find(
          (e) => e.jobId === job.id,
        );
        expect(event?.jobTypeName).toBe('Serviceavtale-besøk');
        expect((await typeOf(technician('no'), 5)).Name).toBe('Serviceavtale-besøk');
        expect((await typeOf(technician('en'), 5)).Name).toBe(englishBefore);

        // '' clears the Norwegian name: Norwegian readers read the English one again.
        const cleared = await admin('en').patch('jobtype', { Id: 5, Names: { no: '' } });
        expect(cleared.statusCode, cleared.body).toBe(200);
        expect(cleared.json().Names.no).toBeUndefined();
        expect((await listItem(technician('no'), customer.id)).JobTypeName).toBe(englishBefore);
        expect((await typeOf(technician('no'), 5)).Name).toBe(englishBefore);
      });

      it('renames a priority per language and changes its hours until due', async () => {
        const customer = await createCustomer(t.db);
        const job = await createJob(t.db, { customerId: customer.id, jobPriorityId: 3 });
        const before = await priorityOf(admin('en'), 3);
        const res = await admin('en').patch('jobpriority', {
          Id: 3,
          Names: { sv: 'Vanlig', 'zh-HK': '一般' },
          DueAfterHours: 48,
          RowVersion: before.RowVersion,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ Id: 3, Name: before.Name, DueAfterHours: 48 });
        expect((await listItem(technician('sv'), customer.id)).PriorityName).toBe('Vanlig');
        expect((await listItem(technician('zh-HK'), customer.id)).PriorityName).toBe('一般');
        expect((await listItem(technician('en'), customer.id)).PriorityName).toBe(before.Name);
        const view = (await technician('sv').get(`job/${job.id}`)).json();
        expect([view.PriorityName, view.DueAfterHours]).toEqual(['Vanlig', 48]);
        expect(await priorityOf(technician('zh-HK'), 3)).toMatchObject({ Name: '一般', DueAfterHours: 48 });

        // The hours alone keep the names.
        const hours = await admin('sv').patch('jobpriority', { Id: 3, DueAfterHours: 96 });
        expect(hours.json()).toMatchObject({ Name: 'Vanlig', DueAfterHours: 96 });
      });

      it('refuses a stale RowVersion, bad hours, an unknown id and anyone but the Admin, writing nothing', async () => {
        const type = await typeOf(admin('en'), 1);
        const priority = await priorityOf(admin('en'), 4);
        const before = await writes(t.db);

        const stale = await admin('no').patch('jobtype', {
          Id: 1,
          Name: 'Gammel',
          RowVersion: type.RowVersion! - 1,
        });
        expect(stale.statusCode, stale.body).toBe(409);
        const stalePriority = await admin('no').patch('jobpriority', {
          Id: 4,
          DueAfterHours: 10,
          RowVersion: priority.RowVersion! + 5,
        });
        expect(stalePriority.statusCode).toBe(409);

        for (const DueAfterHours of [0, 8761, 1.5, '24']) {
          const bad = await admin('en').patch('jobpriority', { Id: 4, Name: 'Whenever', DueAfterHours });
          expect(bad.statusCode, bad.body).toBe(400);
          expect(bad.json().Errors).toContainEqual({
            Field: 'DueAfterHours',
            Message: 'Must be a whole number of hours from 1 to 8760.',
          });
        }
        const badName = await admin('en').patch('jobtype', { Id: 1, Name: '  ' });
        expect(badName.statusCode).toBe(400);
        const badLanguage = await admin('en').patch('jobtype', { Id: 1, Names: { de: 'Wartung' } });
        expect(badLanguage.statusCode).toBe(400);

        expect((await admin('en').patch('jobtype', { Id: 999, Name: 'Nothing' })).statusCode).toBe(404);
        expect((await admin('en').patch('jobpriority', { Id: 999, DueAfterHours: 5 })).statusCode).toBe(404);

        expect((await technician('no').patch('jobtype', { Id: 1, Name: 'Min' })).statusCode).toBe(403);
        expect((await technician('no').patch('jobpriority', { Id: 4, DueAfterHours: 1 })).statusCode).toBe(
          403,
        );
        const own = await createCustomer(t.db);
        const manager = await userIn(t, 4, { customerId: own.id });
        expect((await manager('no').patch('jobtype', { Id: 1, Name: 'Vår' })).statusCode).toBe(403);
        expect((await manager('no').patch('jobpriority', { Id: 4, DueAfterHours: 2 })).statusCode).toBe(403);

        expect(await writes(t.db)).toEqual(before);
        expect(await typeOf(admin('en'), 1)).toEqual(type);
        expect(await priorityOf(admin('en'), 4)).toEqual(priority);
      });
    });
  }
});
