import { type APIRequestContext, expect, test } from '@playwright/test';
import { headersOf, seriousViolations, signIn } from './support.ts';

// Issue 14 end to end: a technician adds a part from the van and two hours to a job, sees the van's
// stock drop and the invoice tab's total, moves a line to the other machine job, and prints the
// picking list.

const API = '/api2/ServiceProvider';

/** A new job with an order on two machines of one demo customer. */
async function jobOnTwoMachines(request: APIRequestContext, headers: Record<string, string>) {
  const machines = await request.post(`${API}/Machine/Filtered`, {
    headers,
    data: { Page: 1, ItemsPerPage: 200, IncludeInactive: false },
  });
  const list = (await machines.json()).Content as { Id: number; CustomerId: number }[];
  const byCustomer = new Map<number, { Id: number }[]>();
  for (const m of list) byCustomer.set(m.CustomerId, [...(byCustomer.get(m.CustomerId) ?? []), m]);
  const [customerId, pair] = [...byCustomer].find(([, ms]) => ms.length >= 2)!;
  const customer = await (await request.get(`${API}/customer/?id=${customerId}`, { headers })).json();
  const created = await request.post(`${API}/job/create`, {
    headers,
    data: {
      CustomerId: customerId,
      CustomerDeliveryAddress: customer.DefaultDeliveryAddressId,
      ContactPersonId: customer.DefaultCustomerPersonId,
      JobTypeId: 1,
      JobPriorityId: 3,
      EstimatedTime: 2,
      Machines: pair.slice(0, 2).map((m) => ({ MachineId: m.Id, CustomerComment: 'Parts e2e' })),
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const job = (await created.json()) as { Id: number };
  const lines = await (await request.get(`${API}/Order/AllJobOrders/${job.Id}`, { headers })).json();
  const subJobs = (lines as { JobId: number; IsParent: boolean }[]).filter((j) => !j.IsParent);
  expect(subJobs).toHaveLength(2);
  return { id: job.Id, subJobs: subJobs.map((s) => s.JobId) as [number, number] };
}

test('a part from the van and two hours: the van’s stock drops, the invoice totals them, a line moves', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const admin = await headersOf(request, 'admin@demo.test');
  const tech = await headersOf(request, 'technician@demo.test');
  const job = await jobOnTwoMachines(request, admin);
  const me = (await (await request.get(`${API}/userinfo`, { headers: tech })).json()).UserInfo as {
    Id: number;
  };
  const stores = (await (await request.get(`${API}/Store/GetAll`, { headers: tech })).json()) as {
    Id: number;
    StoreType: number;
    UserId: number | null;
  }[];
  const van = stores.find((s) => s.StoreType === 2 && s.UserId === me.Id)!;
  expect(van).toBeTruthy();
  const held = await (
    await request.get(`${API}/Store/StoreArticles/${van.Id}?Page=1&ItemsPerPage=100`, { headers: tech })
  ).json();
  const article = (held.Content as { ArticleId: number; ArticleNumber: string; Quantity: number }[]).find(
    (a) => a.Quantity >= 2,
  )!;
  expect(article).toBeTruthy();

  await signIn(page, 'technician@demo.test');
  // Add a part: the article by its number, taken from the technician's own van (the default).
  await page.goto(`./job/list/my/view/${job.id}/parts`);
  await page.getByTestId(`add-part-${job.subJobs[0]}`).click();
  const part = page.getByTestId('part-dialog');
  await part.getByTestId('part-article').fill(article.ArticleNumber);
  await expect(part.getByTestId('part-article-found')).toBeVisible();
  await expect(part.getByTestId('part-store')).toHaveValue(String(van.Id));
  await part.getByTestId('part-quantity').fill('2');
  await part.getByTestId('part-save').click();
  await expect(part).toHaveCount(0);
  const sub1 = page.getByTestId(`parts-sub-job-${job.subJobs[0]}`);
  await expect(sub1.getByRole('cell', { name: article.ArticleNumber })).toBeVisible();

  // Two hours on the same machine job, typed with a comma.
  await page.getByTestId(`add-time-${job.subJobs[0]}`).click();
  const time = page.getByTestId('time-dialog');
  await expect(time.getByTestId('time-article')).not.toHaveValue('');
  await time.getByTestId('time-hours').fill('2,0');
  await time.getByTestId('time-save').click();
  await expect(time).toHaveCount(0);
  await expect(sub1.getByTestId(/^time-line-\d+$/)).toHaveCount(1);

  // The van holds two fewer.
  await page.goto('./my-page/mycar/inventory');
  await expect(page.getByTestId(`stock-article-${article.ArticleId}`)).toContainText(
    String(article.Quantity - 2),
  );

  // The invoice tab totals what the server computed for both lines.
  const invoice = await (await request.get(`${API}/invoice/${job.id}`, { headers: admin })).json();
  expect(invoice.SubJobs[0].Lines).toHaveLength(2);
  expect(invoice.TotalAmountExclVat).toBeGreaterThan(0);
  await page.goto(`./job/list/my/view/${job.id}/invoice`);
  const money = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByTestId('total-excl-vat')).toContainText(money.format(invoice.TotalAmountExclVat));

  // Move the part line to the other machine job: it is listed there, the totals stay.
  const partLine = (invoice.SubJobs[0].Lines as { Id: number; IsTime: boolean }[]).find((l) => !l.IsTime)!;
  await page.getByTestId(`invoice-line-menu-${partLine.Id}`).click();
  await page.getByTestId('invoice-line-move').click();
  // The only other machine job is chosen already.
  await page.getByTestId('invoice-move-confirm').click();
  await expect
    .poll(async () => {
      const after = await (await request.get(`${API}/invoice/${job.id}`, { headers: admin })).json();
      return (after.SubJobs as { JobId: number; Lines: { Id: number }[] }[])
        .find((s) => s.JobId === job.subJobs[1])
        ?.Lines.map((l) => l.Id);
    })
    .toEqual([partLine.Id]);
  await expect(page.getByTestId('total-excl-vat')).toContainText(money.format(invoice.TotalAmountExclVat));
  expect(await seriousViolations(page)).toEqual([]);
});

test('the picking list prints', async ({ page }) => {
  await signIn(page, 'technician@demo.test', { at: './my-page/mycar/pickinglist' });
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  expect(await seriousViolations(page)).toEqual([]);
});
