import { expect, test } from '@playwright/test';
import { jobDetailsSent, signIn } from './support.ts';

test('an admin finds a new job in the list, previews it, opens it, changes its comment and reads its history', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', { at: './job/list/status-10-0' });
  const first = page.getByTestId(/^job-item-\d+$/).first();
  await expect(first).toBeVisible();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/job\/list\/status-10-0\?jobId=\d+$/);
  const jobId = new URL(page.url()).searchParams.get('jobId')!;

  const preview = page.getByTestId('job-preview');
  await expect(preview.getByTestId('job-status')).toHaveText(/^New/);
  await expect(preview.getByRole('heading', { level: 2 })).toBeVisible();
  await preview.getByRole('button', { name: 'Open' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/list/status-10-0/view/${jobId}/general$`));

  const comment = page.getByRole('textbox', { name: 'First-line comment' });
  const text = `Key at the reception ${Date.now()}`;
  // Typed again if the job's own values arrived after it and replaced it (a slow machine).
  await expect(async () => {
    await comment.fill(text);
    const sent = jobDetailsSent(page);
    await comment.press('Enter');
    expect((await sent).ok()).toBe(true);
  }).toPass({ timeout: 60_000 });
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'First-line comment' })).toHaveValue(text);

  await page.goto(`./job/list/status-10-0/view/${jobId}/logg`);
  // The Log tab names the field as a person reads it.
  await expect(page.getByText('First-line comment:').first()).toBeVisible();
  await expect(page.getByText(new RegExp(`→ ${text}`))).toBeVisible();
});
