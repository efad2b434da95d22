import { type APIRequestContext, expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './support.ts';

/** A demo customer with at least two active machines, found through the API as the admin. */
async function customerWithMachines(request: APIRequestContext): Promise<number> {
  const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  expect(token.ok()).toBe(true);
  const { access_token } = await token.json();
  const page = await request.post('/api2/ServiceProvider/Machine/Filtered', {
    headers: { authorization: `Bearer ${access_token}` },
    data: { Page: 1, ItemsPerPage: 200, IncludeInactive: false },
  });
  expect(page.ok()).toBe(true);
  const counts = new Map<number, number>();
  for (const m of (await page.json()).Content as { CustomerId: number }[])
    counts.set(m.CustomerId, (counts.get(m.CustomerId) ?? 0) + 1);
  const found = [...counts].find(([, n]) => n >= 2)?.[0];
  if (found === undefined) throw new Error('no demo customer with two machines');
  return found;
}

test("an admin creates a job with two machines from the customer view's New job action, lands on it, and finds it through the search", async ({
  page,
  request,
}) => {
  const customerId = await customerWithMachines(request);
  await signIn(page, 'admin@demo.test', { at: `./customer/${customerId}/details` });
  await page.getByTestId('header-actions').getByRole('link', { name: 'New job' }).click();
  await expect(page).toHaveURL(new RegExp(`/job/list/my/newjob/start\\?customerId=${customerId}`));

  // The customer, with its default delivery address and contact, is chosen.
  await expect(page.getByRole('combobox', { name: /^Customer( \*)?$/ })).toHaveValue(/\S/);
  await expect(page.getByRole('combobox', { name: /^Delivery address/ })).toHaveText(/[A-Za-z0-9]/);
  await expect(page.getByRole('combobox', { name: /^Customer contact/ })).toHaveText(/[A-Za-z]/);

  // Two of its machines through the picker.
  await page.getByRole('button', { name: 'Add machines' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose machines' });
  const boxes = picker.getByRole('checkbox');
  await boxes.nth(0).click();
  await boxes.nth(1).click();
  await picker.getByRole('button', { name: 'Choose 2 machines' }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('new-job-machines').getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/job\/list\/my\/newjob\/overview\?/);

  // The rules hold it back until every machine has a comment and the job its details.
  await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByText('This field is required').first()).toBeVisible();
  const stamp = Date.now();
  const comments = page.getByRole('textbox', { name: /^Customer comment/ });
  await expect(comments).toHaveCount(2);
  await comments.nth(0).fill(`Leaks oil ${stamp}`);
  await comments.nth(1).fill(`Noisy bearing ${stamp}`);
  await page.getByRole('combobox', { name: /^Job type/ }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: /^Priority/ }).click();
  await page.getByRole('option').first().click();
  await expect(page.getByTestId('priority-deadline')).toHaveText(/^Due /);
  await page.getByRole('textbox', { name: /^Estimated time/ }).fill('1,5');
  // Other specs' exports (same admin) may show the background task panel over the page's bottom
  // corner; the page keeps room below its content, so scrolled to the end the button is clear of it.
  await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await page.getByRole('button', { name: 'Create job' }).click();

  // The new job's view, with both machines and their comments.
  await expect(page).toHaveURL(/\/job\/list\/my\/view\/\d+\/general$/);
  const summary = page.getByTestId('job-summary');
  await expect(summary.getByText(`Leaks oil ${stamp}`)).toBeVisible();
  await expect(summary.getByText(`Noisy bearing ${stamp}`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Estimated time (hours)' })).toHaveValue('1.5');
  const jobId = /\/view\/(\d+)\//.exec(page.url())![1]!;

  // Found again through the header search by its number, and on the results page.
  const title = (await page.getByTestId('page-title').textContent()) ?? '';
  const orderId = /^(\d+) – /.exec(title)?.[1];
  expect(orderId, title).toBeTruthy();
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const field = page.getByRole('combobox', { name: 'Search for jobs, customers and machines' });
  await field.fill(orderId!);
  const jobs = page.getByTestId('search-dropdown').getByRole('group', { name: 'Jobs' });
  await expect(jobs.getByRole('option', { name: new RegExp(`^${orderId} – `) })).toBeVisible();
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search-results\\?q=${orderId}$`));
  await page.getByTestId(`job-item-${jobId}`).getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/search-results/${jobId}\\?q=${orderId}$`));
  await expect(page.getByTestId('job-preview').getByText(`Leaks oil ${stamp}`)).toBeVisible();
});

test('picker=article opens the article picker; the chosen article is the new job’s first part (35.11)', async ({
  page,
  request,
}) => {
  const customerId = await customerWithMachines(request);
  const basic = Buffer.from(`admin@demo.test:${PASSWORD}`).toString('base64');
  const token = await request.post('/api2/token', {
    headers: { authorization: `Basic ${basic}` },
    form: { grant_type: 'client_credentials', scope: 'ServiceProvider.Administrator' },
  });
  const headers = { authorization: `Bearer ${(await token.json()).access_token}` };
  const articles = await request.get('/api2/ServiceProvider/Article/Filtered?Page=1&ItemsPerPage=20', {
    headers,
  });
  expect(articles.ok()).toBe(true);
  const article = (
    (await articles.json()).Content as { ArticleNumber: string; Name: string; IsTimeArticle: boolean }[]
  ).find((a) => !a.IsTimeArticle && a.ArticleNumber.length >= 3)!;
  expect(article).toBeTruthy();

  await signIn(page, 'admin@demo.test', {
    at: `./job/list/my/newjob/start?customerId=${customerId}&picker=article`,
  });
  const picker = page.getByRole('dialog', { name: 'Choose articles' });
  await picker.getByRole('searchbox', { name: 'Search articles' }).fill(article.ArticleNumber);
  await picker
    .getByRole('checkbox', { name: new RegExp(article.Name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  await picker.getByRole('button', { name: 'Choose 1 article' }).click();
  await expect(picker).toBeHidden();
  const parts = page.getByTestId('new-job-parts');
  await expect(parts.getByRole('listitem')).toHaveCount(1);
  await expect(parts.getByTestId(`article-name-${article.ArticleNumber}`)).toHaveText(article.Name);

  await page.getByRole('button', { name: 'Add machines' }).click();
  const machines = page.getByRole('dialog', { name: 'Choose machines' });
  await machines.getByRole('checkbox').nth(0).click();
  await machines.getByRole('button', { name: 'Choose 1 machine' }).click();
  await expect(machines).toBeHidden();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/job\/list\/my\/newjob\/overview\?.*articleNumber=/);
  await expect(
    page.getByTestId('new-job-parts').getByTestId(`article-name-${article.ArticleNumber}`),
  ).toHaveText(article.Name);
  await page.getByRole('textbox', { name: /^Customer comment/ }).fill(`Parts first ${Date.now()}`);
  await page.getByRole('combobox', { name: /^Job type/ }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: /^Priority/ }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('textbox', { name: /^Estimated time/ }).fill('1');
  await page.locator('main').evaluate((main) => main.scrollTo(0, main.scrollHeight));
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/job\/list\/my\/view\/\d+\/general$/);
  const jobId = /\/view\/(\d+)\//.exec(page.url())![1]!;

  // On the server: one line of the article, quantity 1, on the job's machine job.
  const lines = await request.get(`/api2/ServiceProvider/orderdetail/jobview/${jobId}`, { headers });
  expect(lines.ok(), await lines.text()).toBe(true);
  const subJobs = (await lines.json()).SubJobs as { Lines: { ArticleNumber: string; Quantity: number }[] }[];
  expect(subJobs.flatMap((s) => s.Lines).map((l) => [l.ArticleNumber, l.Quantity])).toEqual([
    [article.ArticleNumber, 1],
  ]);
});
