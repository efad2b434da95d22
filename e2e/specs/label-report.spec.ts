import { crc32, deflateSync } from 'node:zlib';
import { expect, type Locator, test } from '@playwright/test';
import { adminHeaders, PASSWORD, seriousViolations, signIn } from './support.ts';

const API = '/api2/ServiceProvider';
// The narrow phone of the issue (390 px).
test.use({ viewport: { width: 390, height: 844 } });
// One after the other: the second leaves a machine out for a moment, which the first could have picked.
test.describe.configure({ mode: 'serial' });

/** A small real PNG (8×8, one colour), made here with its checksums: a picture by its content. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: 8 }, () => Buffer.from([0, ...Array(8).fill([200, 60, 40]).flat()])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// Issue 32 item 1: the fault report from a machine's QR label (decision 070).
test('someone without an account scans a machine’s label on a phone, reports a fault with a photo, and the office has the job', async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const on = await request.post(`${API}/settings/group`, {
    headers,
    data: { Group: 'features', Values: { LabelReportsEnabled: true } },
  });
  expect(on.ok()).toBe(true);
  // A demo machine's QR code; its link is the label's public form.
  const code = `FPM${100001 + Math.floor(Math.random() * 40)}`;
  const label = (await (await request.get(`/api2/qr/Link/${code}`, { headers })).json()) as {
    Link: string;
    MachineId: number;
    MachineName: string;
  };
  const path = new URL(label.Link).pathname;
  // Under the web app’s base, where the server serves it; the token is 256 bits (decision 087).
  expect(path).toMatch(/^\/portal\/label\/[A-Za-z0-9_-]{43}$/);

  // Not signed in: the label's page shows the machine as on its label and the form.
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Report a fault' })).toBeVisible();
  await expect(page.getByTestId('label-machine')).toHaveText(label.MachineName);
  expect(await seriousViolations(page)).toEqual([]);
  // Nothing squeezed: the page is no wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const send = page.getByRole('button', { name: 'Send report' });
  await send.click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  const stamp = `Hydraulic leak under the arm ${Date.now()}`;
  await page.getByRole('textbox', { name: /What is wrong/ }).fill(stamp);
  await page.getByRole('textbox', { name: /Your name/ }).fill('Ola Nordmann');
  await page.getByRole('textbox', { name: /Telephone/ }).fill('+47 912 34 567');
  await page
    .getByTestId('label-photos')
    .setInputFiles({ name: 'leak.png', mimeType: 'image/png', buffer: png() });
  await expect(page.getByRole('list', { name: 'Chosen photos' })).toContainText('leak.png');
  const made = page.waitForResponse((r) => /\/api2\/label\/[A-Za-z0-9_-]+\/FaultReport$/.test(r.url()));
  await send.click();
  const receipt = (await (await made).json()) as { OrderId: string };
  await expect(page.getByRole('status')).toContainText('Thank you, your report has been received.');
  await expect(page.getByRole('status')).toContainText(`job ${receipt.OrderId}`);
  expect(await seriousViolations(page)).toEqual([]);
  // The reporter follows the job by its status link: the page says it is in the queue, not yet planned.
  const follow = page.getByRole('link', { name: 'Follow the job and its visit here' });
  const statusPath = new URL((await follow.getAttribute('href'))!).pathname;
  expect(statusPath).toMatch(/^\/portal\/status\/[A-Za-z0-9_-]{43}$/);
  await page.goto(statusPath);
  await expect(page.getByTestId('status-stage')).toHaveText('We are working on your job');

  // The office has it: a new, unplanned job of that machine with the report and the photo.
  const jobs = (await (
    await request.post(`${API}/JobList/Filtered`, { headers, data: { MachineId: label.MachineId } })
  ).json()) as { Content: { Id: number; OrderId: string; JobStatusId: number }[] };
  const job = jobs.Content.find((j) => j.OrderId === receipt.OrderId);
  expect(job?.JobStatusId).toBe(10);
  const lines = (await (await request.get(`${API}/job/${job!.Id}/subjobs`, { headers })).json()) as {
    CustomerComment: string;
  }[];
  expect(lines[0]!.CustomerComment).toContain(stamp);
  expect(lines[0]!.CustomerComment).toContain('Ola Nordmann');
  const docs = (await (await request.get(`${API}/documents/GetAll/Job/${job!.Id}`, { headers })).json()) as {
    Name: string;
  }[];
  expect(docs.map((d) => d.Name)).toEqual([expect.stringContaining('leak')]);

  // A broken label link answers the same as an unknown one, in words.
  await page.goto('./label/not-a-label');
  await expect(page.getByText('This label is not known here. Please call the office.')).toBeVisible();
});

test('a machine left out of its label’s form answers as unknown; a signed-in customer user goes on to the portal’s form', async ({
  page,
  request,
  browser,
}) => {
  const headers = await adminHeaders(request);
  await request.post(`${API}/settings/group`, {
    headers,
    data: { Group: 'features', Values: { LabelReportsEnabled: true } },
  });
  // A machine of the demo customer manager's company, with a QR code.
  const basic = Buffer.from(`customer.manager@demo.test:${PASSWORD}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  const customer = { authorization: `Bearer ${(await token.json()).access_token}` };
  const machines = (await (
    await request.post(`${API}/Machine/Filtered`, { headers: customer, data: { ItemsPerPage: 50 } })
  ).json()) as { Content: { Id: number; Qrcode: string | null }[] };
  const machine = machines.Content.find((m) => m.Qrcode)!;
  const label = (await (await request.get(`/api2/qr/Link/${machine.Qrcode}`, { headers })).json()) as {
    Link: string;
  };
  const path = new URL(label.Link).pathname;

  // The office leaves the machine out with the switch on its QR card.
  await signIn(page, 'admin@demo.test', { at: `./pim/machine-list/${machine.Id}/info` });
  const takes = page.getByRole('switch', { name: 'Fault reports from this label' });
  await expect(takes).toBeChecked();
  await takes.click();
  await expect(takes).not.toBeChecked();
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await visitor.newPage();
  // A context of its own has no base address: the label's path on the page's server.
  await phone.goto(new URL(path, page.url()).toString());
  // With two server processes (CI), the one that did not make the change may answer from its kept
  // answers until the change reaches it (milliseconds): the visitor who opens the label again sees it.
  const shownOnReload = (what: Locator) =>
    expect.poll(
      async () => {
        await phone.reload();
        return what.waitFor({ timeout: 5_000 }).then(
          () => true,
          () => false,
        );
      },
      { timeout: 30_000 },
    );
  await shownOnReload(phone.getByText('This label is not known here. Please call the office.')).toBe(true);
  await takes.click();
  await expect(takes).toBeChecked();
  await shownOnReload(phone.getByRole('button', { name: 'Send report' })).toBe(true);
  await visitor.close();

  // The customer's own user on the label's link lands on the portal's page of the machine, with its form.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'customer.manager@demo.test', { at: path });
  await expect(page).toHaveURL(new RegExp(`/my-company/machines/${machine.Id}$`));
  await expect(page.getByRole('heading', { name: 'Report a fault' })).toBeVisible();
});
