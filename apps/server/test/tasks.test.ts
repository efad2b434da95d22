import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Task } from '@fieldport/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLog, exportFiles, taskPlans, tasks } from '../src/db/schema/index.ts';
import { createCustomer, createMachine, createUser } from '../src/dev/factories/index.ts';
import { claimNext } from '../src/modules/tasks/tasks.repository.ts';
import { type Api, signedInUser } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences } from './support.ts';

describe.each(engines)('background tasks and exports on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  let technicianId: number;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    admin = (await signedInUser(t, 1)).api;
    const tech = await signedInUser(t, 2);
    technician = tech.api;
    technicianId = tech.user.id;
  });
  afterAll(() => t.close());

  const myTask = async (api: Api, id: number) =>
    ((await api.get('task')).json() as Task[]).find((x) => x.taskId === id);

  it('exports a customer’s active machines to an Excel file its owner lists, downloads and deletes', async () => {
    const customer = await createCustomer(t.db);
    await createMachine(t.db, { customerId: customer.id, name: 'Compressor GA 30', serialNumber: 'SN-1' });
    await createMachine(t.db, { customerId: customer.id, name: 'Dryer FD 40', serialNumber: 'SN-2' });
    await createMachine(t.db, { customerId: customer.id, name: 'Old pump', isActive: false });

    const started = await technician.post('Statistics/ExportMachines', { CustomerId: customer.id });
    expect(started.statusCode, started.body).toBe(200);
    const task = started.json() as Task;
    expect(task).toMatchObject({
      taskName: 'ExportMachines',
      status: 'created',
      displayText: 'Exporting machines',
    });
    const inNorwegian = await t.app.inject({
      url: '/api2/ServiceProvider/task',
      headers: { ...technician.headers, 'accept-language': 'no' },
    });
    expect(inNorwegian.json().find((x: Task) => x.taskId === task.taskId).displayText).toBe(
      'Eksporterer maskiner',
    );

    await t.app.services.tasks.drain();
    const done = await myTask(technician, task.taskId);
    expect(done).toMatchObject({ status: 'completed', progress: 100, errorMessage: null });
    expect(done!.returnObject?.link).toMatch(/^\/dashboard\/machine-export\?displayedExportDate=/);

    const [file] = (await technician.get('Export/')).json() as {
      DisplayedExportDate: string;
      FileName: string;
    }[];
    expect(file!.FileName).toMatch(/^machines-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const download = await technician.get('Export/File', { displayedExportDate: file!.DisplayedExportDate });
    expect(download.headers['content-type']).toContain('spreadsheetml');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="${file!.FileName}"; filename*=UTF-8''${file!.FileName}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const rows = book.getWorksheet('Machines')!.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows.map((r) => [r[2], r[3]])).toEqual([
      ['Name', 'Serial number'],
      ['Compressor GA 30', 'SN-1'],
      ['Dryer FD 40', 'SN-2'],
    ]);

    // Someone else neither sees the task nor gets the file.
    expect(await myTask((await signedInUser(t, 2)).api, task.taskId)).toBeUndefined();
    expect(
      (await admin.get('Export/File', { displayedExportDate: file!.DisplayedExportDate })).statusCode,
    ).toBe(404);

    expect(
      (
        await technician.delete(
          `Export/?displayedExportDate=${encodeURIComponent(file!.DisplayedExportDate)}`,
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (await technician.get('Export/File', { displayedExportDate: file!.DisplayedExportDate })).statusCode,
    ).toBe(404);
  });

  it('keeps a failed task with its error; its owner restarts it and it completes', async () => {
    let failNext = true;
    t.app.services.tasks.register('Flaky', async () => {
      if (failNext) {
        failNext = false;
        throw new Error('The ERP did not answer');
      }
      return null;
    });
    const row = await t.app.services.tasks.enqueue({
      name: 'Flaky',
      displayText: 'Flaky work',
      createdBy: technicianId,
    });
    await t.app.services.tasks.drain();
    expect(await myTask(technician, row.id)).toMatchObject({
      status: 'failed',
      errorMessage: 'The ERP did not answer',
    });

    const other = (await signedInUser(t, 2)).api;
    expect((await other.post(`/api2/task/restart/${row.id}`)).statusCode).toBe(404);
    const restarted = await technician.post(`/api2/task/restart/${row.id}`);
    expect(restarted.json()).toMatchObject({ status: 'created', errorMessage: null });
    await t.app.services.tasks.drain();
    expect((await myTask(technician, row.id))!.status).toBe('completed');
    expect((await technician.post(`/api2/task/restart/${row.id}`)).statusCode).toBe(409);

    const events = await t.db.select().from(eventLog).where(eq(eventLog.entity, 'task'));
    const statuses = events
      .filter((e) => e.entityId === String(row.id))
      .map((e) => (e.payload as { Status: string }).Status);
    expect(statuses).toEqual(['created', 'update', 'failed', 'created', 'update', 'completed']);
  });

  it('cancels a task that waits, which then never runs', async () => {
    let ran = false;
    t.app.services.tasks.register('Slow', async () => {
      ran = true;
      return null;
    });
    const row = await t.app.services.tasks.enqueue({ name: 'Slow', createdBy: technicianId });
    expect((await technician.post(`task/cancelWait/${row.id}`)).json().status).toBe('cancelled');
    await t.app.services.tasks.drain();
    expect(ran).toBe(false);
    expect((await technician.post(`task/cancelWait/${row.id}`)).statusCode).toBe(409);
  });

  it('runs again a task whose server stopped while it ran (its lease ran out)', async () => {
    let runs = 0;
    t.app.services.tasks.register('Survivor', async () => {
      runs++;
      return null;
    });
    const row = await t.app.services.tasks.enqueue({ name: 'Survivor', createdBy: technicianId });
    // A worker that claims the task with a 1 ms lease, then dies.
    expect((await claimNext(t.db, 1))!.id).toBe(row.id);
    await new Promise((r) => setTimeout(r, 20));
    await t.app.services.tasks.drain();
    expect(runs).toBe(1);
    const [after] = await t.db.select().from(tasks).where(eq(tasks.id, row.id));
    expect([after!.status, after!.attempts]).toEqual(['completed', 2]);
  });

  it('starts a plan’s task when it is due; the Admin switches plans off and on', async () => {
    const plans = (await admin.get('task/plans')).json();
    expect(plans).toContainEqual(
      expect.objectContaining({
        Name: 'CleanExports',
        Cron: '0 3 * * *',
        Enabled: true,
        Description: 'Removing export files older than a week',
      }),
    );
    const owner = await createUser(t.db, { userTypeId: 2 });
    await t.db.insert(exportFiles).values({
      userId: owner.id,
      filePath: 'exports/old.xlsx',
      fileName: 'old.xlsx',
      size: 1,
      displayedDate: '2020-01-01T00:00:00',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    await t.db
      .update(taskPlans)
      .set({ nextRunAt: sql`now() - interval '1 minute'` })
      .where(eq(taskPlans.name, 'CleanExports'));
    await t.app.services.tasks.drain();
    const [run] = await t.db.select().from(tasks).where(eq(tasks.planName, 'CleanExports'));
    expect(run!.status).toBe('completed');
    expect(await t.db.select().from(exportFiles).where(eq(exportFiles.userId, owner.id))).toEqual([]);

    expect((await admin.post('task/disable/CleanExports')).json()).toMatchObject({
      Enabled: false,
      NextRunAt: null,
    });
    const on = (await admin.post('task/activate/CleanExports')).json();
    expect(on.Enabled).toBe(true);
    expect(on.NextRunAt).toMatch(/T03:00:00$/);
    expect((await technician.get('task/plans')).statusCode).toBe(403);
  });
});

describe('the task worker on shutdown', () => {
  it('from SIGTERM on claims no new task, while the one under way finishes', async () => {
    const t = await startTestApp('pglite', { taskWorker: true });
    const agent = new http.Agent({ keepAlive: true });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      let release = () => {};
      const held = new Promise<void>((r) => (release = r));
      const ran: string[] = [];
      t.app.services.tasks.register('Held', async ({ task }) => {
        ran.push(task.displayText);
        await held;
        return null;
      });
      await t.app.services.tasks.enqueue({ name: 'Held', displayText: 'first' });
      await t.app.services.tasks.enqueue({ name: 'Held', displayText: 'second' });
      await expect.poll(() => ran, { timeout: 10_000 }).toEqual(['first']);
      // A client on a kept-alive connection makes the close wait for it (the drain, up to 2 s).
      await new Promise((resolve, reject) =>
        http
          .get(`http://127.0.0.1:${port}/healthz`, { agent }, (res) => res.resume().on('end', resolve))
          .on('error', reject),
      );
      const closing = t.app.services.shutdown();
      await new Promise((r) => setTimeout(r, 100));
      release();
      // The drain lasts past the first task's end: the worker must not take the second meanwhile.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(ran).toEqual(['first']);
      await closing;
      const waiting = await t.db.select({ text: tasks.displayText, status: tasks.status }).from(tasks);
      expect(waiting.find((w) => w.text === 'second')?.status).toBe('created');
      expect(waiting.find((w) => w.text === 'first')?.status).toBe('completed');
    } finally {
      agent.destroy();
      await t.close().catch(() => {});
    }
  });
});
