import { expect, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { signIn } from './support.ts';

/** The text of a PDF as a reader's viewer would show it. */
async function pdfText(data: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(data) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

test('an admin opens the service report of a demo job from the preview pane’s menu and gets the PDF of that job', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  // The server's answer to the page's own call, passed on unchanged and kept to read: the new tab shows it
  // through an object URL, which the page's security policy keeps from being read back.
  const reports: { status: number; type: string | undefined; body: Buffer }[] = [];
  await page.route('**/api2/resource/service-report/*', async (route) => {
    const answer = await route.fetch();
    reports.push({
      status: answer.status(),
      type: answer.headers()['content-type'],
      body: await answer.body(),
    });
    await route.fulfill({ response: answer });
  });
  await page.goto('./job/list/status-10-0');
  // The first read of the list on a busy machine (CI: two browsers, two servers) may take a while.
  await expect(page.getByTestId('job-count')).toHaveText(/[1-9]\d* jobs?/, { timeout: 30_000 });
  const first = page.getByTestId(/^job-item-\d+$/).first();
  await expect(first).toBeVisible();
  const jobRead = page.waitForResponse((r) => /\/api2\/ServiceProvider\/job\/\d+$/.test(r.url()));
  await first.getByRole('link').first().click();
  const job = (await (await jobRead).json()) as { Id: number; OrderId: string; DisplayName: string };

  const preview = page.getByTestId('job-preview');
  await expect(preview.getByRole('heading', { level: 2 })).toBeVisible();
  await preview.getByRole('button', { name: 'Documents of the job' }).click();
  const tab = page.context().waitForEvent('page');
  await page.getByRole('menuitem', { name: 'Service report' }).click();

  // A tab of its own opens and is shown the fetched file.
  await expect.poll(async () => (await tab).url()).toMatch(/^blob:/);
  expect(reports).toHaveLength(1);
  const [report] = reports;
  expect(report?.status).toBe(200);
  expect(report?.type).toBe('application/pdf');
  const text = await pdfText(report!.body);
  expect(text).toContain('Service report');
  expect(text).toContain(`Job ${job.OrderId}`);
  expect(text).toContain(job.DisplayName);
});
