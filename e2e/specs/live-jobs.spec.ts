import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { jobDetailsSent, PASSWORD, signIn, text, tokenOf } from './support.ts';

/** A job of the demo company in a status no other spec changes (20, planned), found through the API. */
async function plannedJob(request: APIRequestContext, origin: string, token: string): Promise<number> {
  const res = await request.post(`${origin}/api2/ServiceProvider/JobList/Filtered`, {
    headers: { authorization: `Bearer ${token}` },
    data: { Page: 1, ItemsPerPage: 15, JobStatusIdList: [20] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { Content } = (await res.json()) as { Content: { Id: number }[] };
  expect(Content.length).toBeGreaterThan(3);
  return Content.at(-1)!.Id;
}

/** Changes a job's first-line comment through the API, as another client would. */
async function changeComment(
  request: APIRequestContext,
  origin: string,
  token: string,
  jobId: number,
  comment: string,
) {
  const headers = { authorization: `Bearer ${token}` };
  const job = await (await request.get(`${origin}/api2/ServiceProvider/job/${jobId}`, { headers })).json();
  const res = await request.patch(`${origin}/api2/ServiceProvider/job/changedetails`, {
    headers,
    data: {
      Id: job.Id,
      RowVersion: job.RowVersion,
      DisplayName: job.DisplayName,
      JobStatusId: job.JobStatusId,
      JobSubStatusId: job.JobSubStatusId,
      JobTypeId: job.JobTypeId,
      JobPriorityId: job.JobPriorityId,
      EstimatedTime: job.EstimatedTime,
      NoInvoice: job.NoInvoice,
      InvoiceReference: job.InvoiceReference,
      OrderDepartmentId: job.OrderDepartmentId,
      FirstLineComment: comment,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

test("a job changed in one browser updates another user's list, preview and job view without a reload, and each sees the other there", async ({
  browser,
  request,
  baseURL,
}) => {
  const origin = new URL(baseURL!).origin;
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'admin@demo.test');
  const techContext = await browser.newContext();
  const listPage = await techContext.newPage();
  await signIn(listPage, 'technician@demo.test');
  const viewPage = await techContext.newPage();

  const adminToken = await tokenOf(admin);
  const jobId = await plannedJob(request, origin, adminToken);
  const techName = (
    await (
      await request.get(`${origin}/api2/ServiceProvider/userinfo`, {
        headers: { authorization: `Bearer ${await tokenOf(listPage)}` },
      })
    ).json()
  ).UserInfo.Name as string;
  const adminName = (
    await (
      await request.get(`${origin}/api2/ServiceProvider/userinfo`, {
        headers: { authorization: `Bearer ${adminToken}` },
      })
    ).json()
  ).UserInfo.Name as string;

  await listPage.goto(`./job/list/status-20-0?jobId=${jobId}`);
  await expect(listPage.getByTestId('job-preview')).toBeVisible();
  await viewPage.goto(`./job/list/status-20-0/view/${jobId}/general`);
  const watched = viewPage.getByRole('textbox', { name: 'First-line comment' });
  await expect(watched).toBeVisible();
  for (const page of [listPage, viewPage])
    await expect(page.getByRole('img', { name: text('en', 'shell', 'live.connected') })).toBeVisible();
  for (const page of [listPage, viewPage])
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

  await admin.goto(`./job/list/status-20-0/view/${jobId}/general`);
  // Who else is here: the admin sees the technician (once, though with two pages), and the technician the admin.
  await expect(admin.getByRole('group', { name: `Also viewing: ${techName}` })).toBeVisible();
  await expect(viewPage.getByRole('group', { name: `Also viewing: ${adminName}` })).toBeVisible();
  await expect(
    listPage.getByTestId('job-preview').getByRole('group', { name: `Also viewing: ${adminName}` }),
  ).toBeVisible();

  const comment = `Live comment ${Date.now()}`;
  const field = admin.getByRole('textbox', { name: 'First-line comment' });
  await field.fill(comment);
  const sent = jobDetailsSent(admin);
  await field.press('Enter');
  expect((await sent).ok()).toBe(true);

  await expect(watched).toHaveValue(comment);
  await expect(listPage.getByTestId(`job-item-${jobId}`)).toContainText(comment);
  for (const page of [listPage, viewPage])
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );

  // The admin leaves: the technician's pages no longer show anyone.
  await admin.goto('./job/list/status-20-0');
  await expect(viewPage.getByRole('group', { name: /^Also viewing/ })).toHaveCount(0);
});

test('after a server restart the page reconnects by itself and shows what changed while it was away', async ({
  browser,
  request,
}) => {
  // A server of this test's own: restarting the shared one would disturb the other specs. Its first
  // start makes the embedded database and the demo company: 10 s on a quiet machine, minutes on CI's
  // with two browsers and the shared servers busy beside it.
  test.setTimeout(600_000);
  // A port the system says is free: repeats and other workers run servers of their own beside it.
  const port = await new Promise<number>((ok) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => ok(free));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'fp-e2e-restart-'));
  const start = () =>
    spawn(process.execPath, [join(import.meta.dirname, '../../apps/server/src/main.ts')], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
  const ready = async () => {
    await expect
      .poll(
        () =>
          request.get(`${origin}/readyz`).then(
            (r) => r.ok(),
            () => false,
          ),
        { timeout: 300_000, intervals: [100] },
      )
      .toBe(true);
  };
  let server = start();
  try {
    await ready();
    const page = await (await browser.newContext({ baseURL: `${origin}/portal/` })).newPage();
    await signIn(page, 'admin@demo.test');
    const token = await tokenOf(page);
    const jobId = await plannedJob(request, origin, token);
    await page.goto(`./job/list/status-20-0/view/${jobId}/general`);
    const field = page.getByRole('textbox', { name: 'First-line comment' });
    await expect(field).toBeVisible();
    await expect(page.getByRole('img', { name: text('en', 'shell', 'live.connected') })).toBeVisible();

    // A graceful stop: the page is told, and says so in a dialog that cannot be put away.
    const stopped = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await stopped;
    await expect(page.getByRole('dialog')).toContainText(text('en', 'server', 'server_shutdown'));

    server = start();
    await ready();
    // Changed while the page was away (before its next reconnect attempt).
    const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
    const signedIn = await request.post(`${origin}/api2/token`, {
      headers: { authorization: `Basic ${basic}` },
      form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
    });
    const comment = `Changed during the restart ${Date.now()}`;
    await changeComment(request, origin, (await signedIn.json()).access_token, jobId, comment);

    // The page reconnects on its own (every 3 s), reloads as 002 §4 says, and shows the change.
    await expect(page.getByRole('dialog')).toHaveCount(0, { timeout: 20_000 });
    await expect(field).toHaveValue(comment, { timeout: 20_000 });
    await expect(page.getByRole('img', { name: text('en', 'shell', 'live.connected') })).toBeVisible();
  } finally {
    // A server that has already stopped (a step failed while it was down) sends no further 'exit'.
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
  }
});
