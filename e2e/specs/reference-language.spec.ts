import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn, text } from './support.ts';

/** A Technician of its own: switching the language saves it on the account, not on a shared demo one. */
async function freshTechnician(request: APIRequestContext) {
  const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  const { access_token } = await token.json();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const user = { name: `Ola Språk ${stamp}`, email: `ola.${stamp}@example.test`, password: 'Start!2026' };
  const res = await request.post('/api2/ServiceProvider/User/add', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { Name: user.name, EmailAdress: user.email, UserTypeId: 2, Password: user.password },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return user;
}

/** The id of a built-in priority by its English name (reference.json). */
function priorityIdOf(english: string): string {
  for (const id of ['1', '2', '3', '4'])
    if (text('en', 'reference', `job_priority.${id}`) === english) return id;
  throw new Error(`no built-in priority named ${english}`);
}

test('a user who switches to Norsk reads a job’s status and priority in Norwegian in the job list', async ({
  page,
  request,
}) => {
  const me = await freshTechnician(request);
  await signIn(page, me.email, { password: me.password });
  await page.goto('./job/list/status-10-0');
  const row = page
    .getByTestId(/^job-item-\d+$/)
    // 'Normal' is written alike in English and Norwegian: a job with another priority shows the change.
    .filter({ has: page.getByTestId('job-priority').filter({ hasNotText: /^Normal$/ }) })
    .first();
  await expect(row).toBeVisible();
  const id = await row.getAttribute('data-testid');
  const job = page.getByTestId(id!);
  await expect(job.getByRole('img', { name: /^New( – |$)/ })).toBeVisible();
  const priority = priorityIdOf(((await job.getByTestId('job-priority').textContent()) ?? '').trim());
  expect(text('no', 'reference', `job_priority.${priority}`)).not.toBe(
    text('en', 'reference', `job_priority.${priority}`),
  );

  await page.getByRole('button', { name: text('en', 'common', 'language') }).click();
  await page.locator('[role="menuitem"][lang="no"]').click();

  const norwegianStatus = text('no', 'reference', 'job_status.10');
  await expect(job.getByRole('img', { name: new RegExp(`^${norwegianStatus}( – |$)`) })).toBeVisible();
  await expect(job.getByTestId('job-priority')).toHaveText(
    text('no', 'reference', `job_priority.${priority}`),
  );
});
