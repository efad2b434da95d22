import type { JobListItem, JobStatusWithCount, NamedLookup } from '@fieldport/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppointment,
  createCustomer,
  createJob,
  createMachine,
  createMachineModel,
  createMachineType,
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
    put: (path: string, payload: object) => app.inject({ method: 'PUT', url: url(path), headers, payload }),
  };
}

async function userIn(t: App, userTypeId: number, extra: object = {}) {
  const user = await createUser(t.db, { userTypeId, ...extra });
  const token = (await tokensOf(t.app, user.email)).access_token;
  return (lang: string) => speaking(t.app, token, lang);
}

const listItem = async (api: ReturnType<typeof speaking>, customerId: number) => {
  const res = await api.post('JobList/Filtered', { CustomerId: customerId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Content[0] as JobListItem;
};

const names = (item: JobListItem) => [
  item.StatusName,
  item.SubStatusName,
  item.JobTypeName,
  item.PriorityName,
];

describe.each(engines)('reference data in the caller’s language on %s', (engine) => {
  for (const answerCache of [false, true]) {
    describe(answerCache ? 'with kept answers' : 'read every time', () => {
      let t: App;
      let admin: (lang: string) => ReturnType<typeof speaking>;
      let technician: (lang: string) => ReturnType<typeof speaking>;
      beforeAll(async () => {
        t = await startTestApp(engine, { answerCache });
        await ensureReferenceData(t.db);
        await allLicences(t.app);
        admin = await userIn(t, 1);
        technician = await userIn(t, 2);
      });
      afterAll(() => t.close());

      it('names a job’s status, sub-status, type and priority in Norwegian, Traditional Chinese or English', async () => {
        const customer = await createCustomer(t.db);
        const job = await createJob(t.db, {
          customerId: customer.id,
          jobStatusId: 10,
          jobSubStatusId: 2,
          jobTypeId: 4,
          jobPriorityId: 1,
        });
        // The same user and page in three languages, one after the other: no language's answer is
        // given for another's (the kept answers are per language).
        expect(names(await listItem(technician('en'), customer.id))).toEqual([
          'New',
          'Needs quotation',
          'Installation',
          'Critical',
        ]);
        expect(names(await listItem(technician('no'), customer.id))).toEqual([
          'Ny',
          'Trenger tilbud',
          'Installasjon',
          'Kritisk',
        ]);
        expect(names(await listItem(technician('zh-HK,zh;q=0.9'), customer.id))).toEqual([
          '新建',
          '需要報價',
          '安裝',
          '緊急',
        ]);
        expect(names(await listItem(technician('en-GB'), customer.id))[0]).toBe('New');

        const view = (await technician('nb-NO').get(`job/${job.id}`)).json();
        expect([view.StatusName, view.SubStatusName, view.JobTypeName, view.PriorityName]).toEqual([
          'Ny',
          'Trenger tilbud',
          'Installasjon',
          'Kritisk',
        ]);
        const types = (await technician('sv').get('jobtype')).json() as { Id: number; Name: string }[];
        expect(types.find((x) => x.Id === 4)?.Name).toBe('Installation');
        expect(types.find((x) => x.Id === 2)?.Name).toBe('Reparation');
        const priorities = (await technician('zh-CN').get('jobpriority')).json() as {
          Id: number;
          Name: string;
        }[];
        expect(priorities.map((p) => p.Name)).toEqual(['紧急', '高', '普通', '低']);
        const tree = (await technician('no').get('JobStatus/GetAll')).json() as JobStatusWithCount[];
        const fresh = tree.find((s) => s.Id === 10)!;
        expect(fresh.Name).toBe('Ny');
        expect(fresh.SubStatuses.map((s) => s.Name)).toEqual(['Venter på svar fra kunden', 'Trenger tilbud']);
        const places = (await technician('no').get('RepairPlace/getall')).json() as NamedLookup[];
        expect(places.map((p) => p.Name)).toContain('Verksted');
      });

      it('changes only the Norwegian name when the Admin edits it, and a cleared name falls back to English', async () => {
        const customer = await createCustomer(t.db);
        await createJob(t.db, { customerId: customer.id, jobStatusId: 20, jobPriorityId: 2 });
        const before = (await listItem(technician('en'), customer.id)).StatusName;
        expect((await listItem(technician('sv'), customer.id)).StatusName).toBe('Planerad');

        const edited = await admin('en').patch('JobStatus', { Id: 20, Names: { no: 'Satt opp' } });
        expect(edited.statusCode, edited.body).toBe(200);
        expect(edited.json()).toMatchObject({ Name: 'Planned', Names: { en: 'Planned', no: 'Satt opp' } });

        expect((await listItem(technician('no'), customer.id)).StatusName).toBe('Satt opp');
        expect((await listItem(technician('en'), customer.id)).StatusName).toBe(before);
        expect((await listItem(technician('sv'), customer.id)).StatusName).toBe('Planerad');

        // A plain Name from a Norwegian Admin is the Norwegian name.
        await admin('no').patch('JobStatus', { Id: 20, Name: 'Avtalt' });
        expect((await listItem(technician('no'), customer.id)).StatusName).toBe('Avtalt');
        expect((await listItem(technician('en'), customer.id)).StatusName).toBe('Planned');

        // Cleared: Norwegian readers read the English name.
        await admin('en').patch('JobStatus', { Id: 20, Names: { no: '' } });
        expect((await listItem(technician('no'), customer.id)).StatusName).toBe('Planned');
      });

      it('keeps the company’s own sub-statuses and lookups in the languages it gives', async () => {
        const made = await admin('en').post('JobSubStatus', {
          ParentId: 30,
          Name: 'Waiting for the ferry',
          Names: { no: 'Venter på ferja', 'zh-HK': '等候渡輪' },
        });
        expect(made.statusCode, made.body).toBe(200);
        const byStatus = async (lang: string) =>
          (
            (await technician(lang).get('JobSubStatus/ByStatus/30')).json() as { Id: number; Name: string }[]
          ).find((s) => s.Id === made.json().Id)?.Name;
        expect(await byStatus('no')).toBe('Venter på ferja');
        expect(await byStatus('zh-HK')).toBe('等候渡輪');
        // No Swedish name: the English one.
        expect(await byStatus('sv')).toBe('Waiting for the ferry');

        const warranty = await admin('no').put('WarrantyType/add', { Name: 'Forlenget reklamasjon' });
        expect(warranty.statusCode, warranty.body).toBe(200);
        const id = warranty.json().Id as number;
        await admin('en').patch('WarrantyType/change', { Id: id, Names: { en: 'Extended claim period' } });
        const one = async (lang: string) =>
          (await technician(lang).get(`WarrantyType/get/${id}`)).json().Name;
        expect(await one('no')).toBe('Forlenget reklamasjon');
        expect(await one('en')).toBe('Extended claim period');
        expect(await one('zh-CN')).toBe('Extended claim period');
      });

      it('names the planner’s jobs and a sub-status renamed in one language alone in the reader’s language', async () => {
        const job = await createJob(t.db, { jobStatusId: 40, jobTypeId: 5 });
        const a = await createAppointment(t.db, { jobId: job.id });
        const date = a.startTime.slice(0, 10);
        const planned = await technician('zh-HK').get(`Appointment/job/${job.id}`);
        expect(planned.statusCode, planned.body).toBe(200);
        expect(planned.json()[0].Job).toMatchObject({ StatusName: '等待零件', JobTypeName: '檢驗' });
        const window = await technician('sv').get('Scheduler/DateRange/', { date1: date, date2: date });
        expect(window.statusCode, window.body).toBe(200);
        const event = (
          window.json().events as { jobId: number; jobStatusName: string; jobTypeName: string }[]
        ).find((e) => e.jobId === job.id);
        expect([event?.jobStatusName, event?.jobTypeName]).toEqual(['Väntar på delar', 'Besiktning']);

        // Only the Swedish name of sub-status 7, without a new plain name.
        const renamed = await admin('en').patch('JobSubStatus', { Id: 7, Names: { sv: 'Delar på väg' } });
        expect(renamed.statusCode, renamed.body).toBe(200);
        expect(renamed.json()).toMatchObject({
          Name: 'Parts ordered',
          Names: { sv: 'Delar på väg', no: 'Deler bestilt' },
        });
        const sub = async (lang: string) =>
          (
            (await technician(lang).get('JobSubStatus/ByStatus/40')).json() as { Id: number; Name: string }[]
          ).find((x) => x.Id === 7)?.Name;
        expect([await sub('sv'), await sub('no'), await sub('en')]).toEqual([
          'Delar på väg',
          'Deler bestilt',
          'Parts ordered',
        ]);
      });

      it('refuses names in an unknown language or with line breaks, and nobody but the Admin edits them', async () => {
        const before = await writes(t.db);
        const unknown = await admin('en').patch('JobStatus', { Id: 10, Names: { de: 'Neu' } });
        expect(unknown.statusCode).toBe(400);
        const broken = await admin('en').patch('JobSubStatus', { Id: 1, Name: 'Ok', Names: { no: 'a\nb' } });
        expect(broken.statusCode).toBe(400);
        expect(broken.json().Errors).toContainEqual({
          Field: 'Names.no',
          Message: 'No new lines allowed in this field.',
        });
        expect((await technician('no').patch('JobStatus', { Id: 10, Names: { no: 'Min' } })).statusCode).toBe(
          403,
        );
        const own = await createCustomer(t.db);
        const manager = await userIn(t, 4, { customerId: own.id });
        expect((await manager('no').patch('JobStatus', { Id: 10, Names: { no: 'Vår' } })).statusCode).toBe(
          403,
        );
        expect((await manager('no').put('RepairPlace/add', { Name: 'Hjemme' })).statusCode).toBe(403);
        expect(await writes(t.db)).toEqual(before);
        const tree = (await technician('no').get('JobStatus/GetAll')).json() as JobStatusWithCount[];
        expect(tree.find((s) => s.Id === 10)?.Name).toBe('Ny');
      });

      it('names a machine type in the reader’s language wherever a machine type is named, else by its name', async () => {
        const tag = `${engine}-${answerCache}-${Date.now()}`;
        const type = await createMachineType(t.db, {
          name: `CNC machine ${tag}`,
          names: { en: `CNC machine ${tag}`, no: `CNC-maskin ${tag}` },
        });
        const unnamed = await createMachineType(t.db, { name: `Hydraulic press ${tag}` });
        const customer = await createCustomer(t.db);
        const model = await createMachineModel(t.db, { machineTypeId: type.id });
        const machine = await createMachine(t.db, { customerId: customer.id, machineModelId: model.id });
        const job = await createJob(t.db, { customerId: customer.id, machines: [machine] });

        const shown = async (lang: string) => {
          const api = technician(lang);
          const list = (await api.get('MachineType/list')).json() as { Id: number; Name: string }[];
          const page = (await api.get('MachineType/Filtered', { SearchWord: tag })).json();
          const one = (await api.get(`MachineType/${type.id}`)).json();
          const m = (await api.get(`machine/${machine.id}`)).json();
          const machines = (await api.post('Machine/Filtered', { CustomerId: customer.id })).json();
          const mm = (await api.get(`MachineModel/${model.id}`)).json();
          const view = (await api.get(`job/${job.id}`)).json();
          return {
            list: [type.id, unnamed.id].map((id) => list.find((x) => x.Id === id)?.Name),
            page: (page.Content as { Name: string }[]).map((x) => x.Name).sort(),
            one: one.Name,
            machine: m.MachineModel.MachineType.Name,
            machines: machines.Content[0].MachineModel.MachineType.Name,
            model: mm.MachineType.Name,
            subJob: view.InverseParent[0].Machine.TypeName,
          };
        };
        const everywhere = (name: string, other: string) => ({
          list: [name, other],
          page: [name, other].sort(),
          one: name,
          machine: name,
          machines: name,
          model: name,
          subJob: name,
        });
        expect(await shown('no')).toEqual(everywhere(`CNC-maskin ${tag}`, `Hydraulic press ${tag}`));
        expect(await shown('en')).toEqual(everywhere(`CNC machine ${tag}`, `Hydraulic press ${tag}`));
        // A reader finds the type by the name they read.
        const found = (
          await technician('no').get('MachineType/Filtered', { SearchWord: `CNC-maskin ${tag}` })
        ).json();
        expect(found.Content.map((x: { Id: number }) => x.Id)).toEqual([type.id]);
        expect(found.TotalCount).toBe(1);
        // No Swedish name: the English one; a type without names: its name.
        expect(await shown('sv')).toEqual(everywhere(`CNC machine ${tag}`, `Hydraulic press ${tag}`));

        // The Admin names the other type in Norwegian alone; English readers keep its name.
        const one = (await admin('en').get(`MachineType/${unnamed.id}`)).json();
        const edited = await admin('en').patch('MachineType/', {
          Id: unnamed.id,
          Names: { no: `Hydraulisk presse ${tag}` },
          RowVersion: one.RowVersion,
        });
        expect(edited.statusCode, edited.body).toBe(200);
        expect(edited.json()).toMatchObject({
          Name: `Hydraulic press ${tag}`,
          Names: { no: `Hydraulisk presse ${tag}` },
        });
        expect((await shown('no')).list).toEqual([`CNC-maskin ${tag}`, `Hydraulisk presse ${tag}`]);
        expect((await shown('en')).list).toEqual([`CNC machine ${tag}`, `Hydraulic press ${tag}`]);

        // A plain Name from a Norwegian Admin is the Norwegian name; an unknown language is refused.
        const renamed = await admin('no').patch('MachineType/', { Id: type.id, Name: `Fres ${tag}` });
        expect(renamed.json()).toMatchObject({ Name: `Fres ${tag}` });
        expect((await shown('no')).machine).toBe(`Fres ${tag}`);
        expect((await shown('en')).machine).toBe(`CNC machine ${tag}`);
        const refused = await admin('en').patch('MachineType/', {
          Id: type.id,
          Names: { de: 'CNC-Maschine' },
        });
        expect(refused.statusCode).toBe(400);
        expect((await shown('en')).one).toBe(`CNC machine ${tag}`);
        const made = await admin('no').post('MachineType/', {
          Name: `Sveiserobot ${tag}`,
          Names: { en: `Welding robot ${tag}` },
        });
        expect(made.statusCode, made.body).toBe(200);
        expect(made.json()).toMatchObject({
          Name: `Sveiserobot ${tag}`,
          Names: { no: `Sveiserobot ${tag}`, en: `Welding robot ${tag}` },
        });
        expect((await technician('zh-CN').get(`MachineType/${made.json().Id}`)).json().Name).toBe(
          `Welding robot ${tag}`,
        );
      });

      it('shows a customer user their own jobs only, in their language', async () => {
        const own = await createCustomer(t.db);
        const stranger = await createCustomer(t.db);
        await createJob(t.db, { customerId: own.id, jobStatusId: 30, jobTypeId: 2 });
        await createJob(t.db, { customerId: stranger.id, jobStatusId: 30, jobTypeId: 2 });
        const employee = await userIn(t, 6, { customerId: own.id });
        const res = await employee('sv').post('JobList/Filtered', { ItemsPerPage: 100 });
        const items = res.json().Content as JobListItem[];
        expect(items.map((i) => i.CustomerId)).toEqual([own.id]);
        expect([items[0]?.StatusName, items[0]?.JobTypeName]).toEqual(['Pågår', 'Reparation']);
      });
    });
  }
});
