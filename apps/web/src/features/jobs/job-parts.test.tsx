// @vitest-environment jsdom
import type { OrderLine } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  fill,
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  stubMatchMedia,
  typeDate,
  where,
} from '../../test/app-harness.tsx';
import { jobWithTwoMachineJobs, orderLine } from './test-data.ts';

resetAppBetweenTests();

/** The page is a lazy chunk: its first render waits for it on a busy machine. */
const WAIT = { timeout: 15_000 };
const TAB = '/job/list/status-10-0/view/1/parts';

const job = jobWithTwoMachineJobs();

const group = (JobId: number, MachineName: string, Lines: OrderLine[]) => ({
  JobId,
  ParentJobId: 1,
  MachineId: 5,
  MachineName,
  JobStatusId: 10,
  NoInvoice: false,
  Lines,
});

const lookup = {
  ArticleId: 1,
  ArticleNumber: 'ART-100',
  Name: 'Gasket',
  Description: 'Gasket 80 mm',
  Unit: 'pcs',
  SalesPrice: 210,
  UnitPrice: 199.5,
  DiscountPercent: 0,
  VatPercent: 25,
  CostPrice: 80,
  IsTimeArticle: false,
  IsStockItem: true,
  CommonPartQuantity: null as number | null,
  Stock: [
    { StoreId: 3, StoreName: 'Main store', StoreType: 1, UserId: null, Quantity: 40, AllowNegative: false },
    // The signed-in user's (id 10) van.
    { StoreId: 8, StoreName: 'Van Tina', StoreType: 2, UserId: 10, Quantity: 1, AllowNegative: false },
  ],
};

/** job 1 with two machine jobs, a part on each, hours on the first; `answer` may take over a call. */
function server(answer?: (req: Req) => Response | undefined) {
  return (req: Req): Response | undefined => {
    const own = answer?.(req);
    if (own) return own;
    const p = req.path;
    if (p === 'job/1') return json(200, job);
    if (p === 'job-parts/1')
      return json(200, [
        group(11, 'Pump NK 80', [orderLine({ Id: 101, JobId: 11 })]),
        group(12, 'Compressor GA 30', [
          orderLine({ Id: 102, JobId: 12, ArticleNumber: 'FLT-7', Description: 'Oil filter' }),
        ]),
      ]);
    if (p === 'time/1')
      return json(200, {
        JobId: 1,
        Lines: [
          orderLine({
            Id: 201,
            JobId: 11,
            ArticleNumber: 'TIME',
            Description: 'Work hours',
            IsTime: true,
            Quantity: 1.5,
            UserId: 10,
            UserName: 'Tina Tekniker',
            WorkDate: '2026-03-02',
            StoreId: null,
            StoreName: null,
          }),
        ],
        PerTechnician: [],
        TotalHours: 1.5,
      });
    if (p === 'parts/') return json(200, req.query.get('articleNumber') === 'ART-100' ? lookup : null);
    if (p === 'customer-price/7')
      return json(200, { UnitPrice: 189.5, DiscountPercent: 5, SalesPrice: 199.5 });
    if (p === 'Appointment/bookable') return json(200, []);
    return undefined;
  };
}

describe('the job parts tab', () => {
  it('shows the parts and the time of each machine job in their own tables', async () => {
    renderApp(TAB, server());
    const first = await screen.findByTestId('parts-sub-job-11', {}, WAIT);
    const second = screen.getByTestId('parts-sub-job-12');
    expect(within(first).getByRole('heading', { name: /Pump NK 80/ })).toBeTruthy();
    expect(within(first).getByTestId('part-line-101').textContent).toContain('Gasket');
    expect(within(first).getByTestId('part-line-101').textContent).toContain('359.10');
    expect(within(first).getByTestId('time-line-201').textContent).toContain('Tina Tekniker');
    expect(within(first).queryByTestId('part-line-102')).toBeNull();
    expect(within(second).getByTestId('part-line-102').textContent).toContain('Oil filter');
    expect(within(second).getByText('No time on this machine job.')).toBeTruthy();
    // Tables with headers.
    expect(
      within(first)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Article number');
  });

  it('on a phone (390 px) shows each line as a card of its own, and the part dialog takes the screen', async () => {
    stubMatchMedia(390);
    const user = userEvent.setup();
    renderApp(TAB, server());
    const first = await screen.findByTestId('parts-sub-job-11', {}, WAIT);
    expect(within(first).queryAllByRole('columnheader')).toHaveLength(0);
    const parts = within(first).getByRole('list', { name: /^Parts: / });
    const part = within(parts).getByTestId('part-line-101');
    expect(part.tagName).toBe('LI');
    expect(part.textContent).toContain('Gasket');
    expect(part.textContent).toContain('Amount');
    expect(part.textContent).toContain('359.10');
    expect(within(part).getByRole('link', { name: /^Edit: / })).toBeTruthy();
    expect(within(part).getByRole('button', { name: /^Delete: / })).toBeTruthy();
    const time = within(first).getByTestId('time-line-201');
    expect(time.textContent).toContain('Tina Tekniker');
    expect(time.textContent).toContain('1.5');
    await user.click(within(first).getByTestId('add-part-11'));
    const dialog = await screen.findByTestId('part-dialog', {}, WAIT);
    expect(dialog.querySelector('.MuiDialog-paperFullScreen')).not.toBeNull();
  }, 30_000);

  it('adds a part: the article looked up, the own van chosen, POST parts/add-part, back on the tab', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) =>
        req.path === 'parts/add-part' ? json(200, orderLine({ Id: 103, JobId: 11 })) : undefined,
      ),
    );
    await user.click(await screen.findByTestId('add-part-11', {}, WAIT));
    await waitFor(() => expect(where()).toBe(`${TAB}/addpart/11`));
    const dialog = await screen.findByTestId('part-dialog', {}, WAIT);
    await fill(user, within(dialog).getByTestId('part-article'), 'ART-100');
    // Found after the 700 ms debounce: its price and the stock per store.
    const found = await within(dialog).findByTestId('part-article-found', {}, WAIT);
    expect(found.textContent).toContain('Van Tina: 1 in stock');
    // The customer's price (customer-price/{customerId} for the machine job).
    await waitFor(() => expect(found.textContent).toContain('Customer price 189.50'));
    const priced = requests.find((r) => r.path === 'customer-price/7');
    expect(priced?.query.get('articleNumber')).toBe('ART-100');
    expect(priced?.query.get('childJobId')).toBe('11');
    expect(requests.some((r) => r.path === 'parts/' && r.query.get('articleNumber') === 'ART-100')).toBe(
      true,
    );
    expect((within(dialog).getByTestId('part-store') as HTMLInputElement).value).toBe('8');
    await fill(user, within(dialog).getByTestId('part-quantity'), '1');
    await user.click(within(dialog).getByTestId('part-save'));
    await waitFor(() => expect(where()).toBe(TAB), WAIT);
    const sent = requests.find((r) => r.path === 'parts/add-part');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toMatchObject({
      JobId: 11,
      ArticleNumber: 'ART-100',
      Quantity: '1',
      StoreId: 8,
      UnitPrice: '199.5',
      DiscountPercent: '0',
    });
  }, 30_000);

  it('a common part of the machine’s model comes in the quantity its list names', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) =>
        req.path === 'parts/' ? json(200, { ...lookup, CommonPartQuantity: 2.5 }) : undefined,
      ),
    );
    await user.click(await screen.findByTestId('add-part-11', {}, WAIT));
    const dialog = await screen.findByTestId('part-dialog', {}, WAIT);
    await fill(user, within(dialog).getByTestId('part-article'), 'ART-100');
    await within(dialog).findByTestId('part-article-found', {}, WAIT);
    await waitFor(() =>
      expect((within(dialog).getByTestId('part-quantity') as HTMLInputElement).value).toBe('2.5'),
    );
    expect(within(dialog).getByText('Common part of this machine’s model: 2.5')).toBeTruthy();
    // The lookup names the machine of the machine job.
    expect(requests.find((r) => r.path === 'parts/')?.query.get('machineId')).toBe('5');
  }, 30_000);

  it('offers the articles whose name holds the text, and looks up the one chosen', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) =>
        req.path === 'article/search'
          ? json(200, [{ Id: 5, ArticleNumber: 'ART-100', Name: 'Oil separator' }])
          : undefined,
      ),
    );
    await user.click(await screen.findByTestId('add-part-11', {}, WAIT));
    const dialog = await screen.findByTestId('part-dialog', {}, WAIT);
    await fill(user, within(dialog).getByTestId('part-article'), 'separator');
    const offered = await within(dialog).findByRole('list', { name: 'Articles matching the text' }, WAIT);
    expect(requests.find((r) => r.path === 'article/search')?.query.get('q')).toBe('separator');
    await user.click(within(offered).getByRole('button', { name: 'ART-100 · Oil separator' }));
    const found = await within(dialog).findByTestId('part-article-found', {}, WAIT);
    expect(found.textContent).toContain('Van Tina: 1 in stock');
    expect((within(dialog).getByTestId('part-article') as HTMLInputElement).value).toBe('ART-100');
  }, 30_000);

  it("a stock refusal shows the server's message in the dialog, which stays open", async () => {
    const user = userEvent.setup();
    const refusal = 'Van Tina has only 1 of ART-100.';
    renderApp(
      `${TAB}/addpart/11`,
      server((req) => (req.path === 'parts/add-part' ? json(409, { Message: refusal }) : undefined)),
    );
    const dialog = await screen.findByTestId('part-dialog', {}, WAIT);
    await fill(user, within(dialog).getByTestId('part-article'), 'ART-100');
    await within(dialog).findByTestId('part-article-found', {}, WAIT);
    await fill(user, within(dialog).getByTestId('part-quantity'), '5');
    await user.click(within(dialog).getByTestId('part-save'));
    expect((await within(dialog).findByTestId('part-refusal', {}, WAIT)).textContent).toBe(refusal);
    expect(where()).toBe(`${TAB}/addpart/11`);
  }, 30_000);

  it('after an article is chosen its values sit under raised labels, and a field the server refuses says so under it', async () => {
    const user = userEvent.setup();
    renderApp(
      `${TAB}/addpart/11`,
      server((req) =>
        req.path === 'parts/add-part'
          ? json(400, {
              Message: 'The part was not added.',
              Errors: [
                { Field: 'UnitPrice', Message: 'The price is below the cost price.' },
                { Field: 'StoreId', Message: 'Van Tina is not an active store.' },
              ],
            })
          : undefined,
      ),
    );
    const dialog = await screen.findByTestId('part-dialog', {}, WAIT);
    const label = (name: string) =>
      within(dialog).getAllByText(
        (_, el) => el?.tagName === 'LABEL' && el.textContent?.startsWith(name) === true,
      )[0]!;
    await fill(user, within(dialog).getByTestId('part-article'), 'ART-100');
    await within(dialog).findByTestId('part-article-found', {}, WAIT);
    await waitFor(() =>
      expect((within(dialog).getByTestId('part-price') as HTMLInputElement).value).toBe('199.5'),
    );
    // Set by the lookup, not typed: each label still moves above its value instead of over it.
    expect(label('Description').getAttribute('data-shrink')).toBe('true');
    expect(label('Unit price').getAttribute('data-shrink')).toBe('true');
    expect(label('Discount').getAttribute('data-shrink')).toBe('true');
    await user.click(within(dialog).getByTestId('part-save'));
    const price = within(dialog).getByTestId('part-price');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'), WAIT);
    const described = document.getElementById(price.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('The price is below the cost price.');
    // The store is no field of the form, and its refusal still shows under it.
    const store = within(dialog).getByRole('combobox', { name: /Take from store/ });
    expect(store.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(store.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Van Tina is not an active store.',
    );
  }, 30_000);

  it('reports hours: the time article, the day and hours typed with a comma (POST time/add)', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      `${TAB}/addtime/12`,
      server((req) => {
        if (req.path === 'time/time-report-articles')
          return json(200, [
            {
              ArticleId: 9,
              ArticleNumber: 'TIME',
              Name: 'Work hours',
              Unit: 'h',
              UnitPrice: 950,
              VatPercent: 25,
            },
          ]);
        if (req.path === 'time/add') return json(200, orderLine({ Id: 202, JobId: 12, IsTime: true }));
        return undefined;
      }),
    );
    const dialog = await screen.findByTestId('time-dialog', {}, WAIT);
    await fill(user, await within(dialog).findByTestId('time-hours', {}, WAIT), '1,5');
    await typeDate(user, await within(dialog).findByTestId('time-date'), '02032026');
    await user.click(within(dialog).getByTestId('time-save'));
    await waitFor(() => expect(where()).toBe(TAB), WAIT);
    expect(requests.find((r) => r.path === 'time/add')?.body).toEqual({
      JobId: 12,
      ArticleNumber: 'TIME',
      UserId: 10,
      WorkDate: '2026-03-02',
      Quantity: '1.5',
    });
  }, 30_000);

  it('every input of the part and time dialogs is one height: text, select, lookup and date alike (issue 35.6)', async () => {
    const user = userEvent.setup();
    const sizes = (dialog: HTMLElement) =>
      [...dialog.querySelectorAll('.MuiInputBase-root, .MuiPickersInputBase-root')].map((root) =>
        root.className.includes('SizeSmall') || root.className.includes('sizeSmall') ? 'small' : 'medium',
      );
    const { unmount } = renderApp(`${TAB}/addpart/11`, server());
    const parts = await screen.findByTestId('part-dialog', {}, WAIT);
    await fill(user, within(parts).getByTestId('part-article'), 'ART-100');
    await within(parts).findByTestId('part-article-found', {}, WAIT);
    await within(parts).findByTestId('part-store');
    // Article, description, store, quantity, price and discount.
    expect(sizes(parts)).toEqual(Array(6).fill('small'));
    unmount();
    renderApp(
      `${TAB}/addtime/12`,
      server((req) =>
        req.path === 'time/time-report-articles'
          ? json(200, [
              {
                ArticleId: 9,
                ArticleNumber: 'TIME',
                Name: 'Work hours',
                Unit: 'h',
                UnitPrice: 950,
                VatPercent: 25,
              },
            ])
          : undefined,
      ),
    );
    const time = await screen.findByTestId('time-dialog', {}, WAIT);
    await within(time).findByTestId('time-hours', {}, WAIT);
    await within(time).findByTestId('time-date', {}, WAIT);
    const shown = sizes(time);
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(shown).toEqual(Array(shown.length).fill('small'));
  }, 30_000);

  it("a refused time article lookup warns with the 'wrong configuration' text before the server's", async () => {
    renderApp(
      `${TAB}/addtime/11`,
      server((req) =>
        req.path === 'time/time-report-articles'
          ? json(400, { Message: 'The job category has no time article.' })
          : undefined,
      ),
    );
    expect(
      await screen.findByText(
        'Wrong configuration in the time articles: The job category has no time article.',
        {},
        WAIT,
      ),
    ).toBeTruthy();
  });

  it('changes a part in its edit dialog (POST parts/update-part with the row version read)', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) => {
        if (req.path === 'job-part/101') return json(200, orderLine({ Id: 101, JobId: 11, RowVersion: 3 }));
        if (req.path === 'parts/update-part')
          return json(200, orderLine({ Id: 101, JobId: 11, RowVersion: 4 }));
        return undefined;
      }),
    );
    await user.click(await screen.findByTestId('line-edit-101', {}, WAIT));
    await waitFor(() => expect(where()).toBe(`${TAB}/editpart/11/101`));
    const dialog = await screen.findByTestId('part-dialog', {}, WAIT);
    const quantity = await within(dialog).findByTestId('part-quantity', {}, WAIT);
    await waitFor(() => expect((quantity as HTMLInputElement).value).toBe('2'));
    await fill(user, quantity, '3');
    await user.click(within(dialog).getByTestId('part-save'));
    await waitFor(() => expect(where()).toBe(TAB), WAIT);
    expect(requests.find((r) => r.path === 'parts/update-part')?.body).toMatchObject({
      Id: 101,
      Quantity: '3',
      StoreId: 3,
      RowVersion: 3,
    });
  }, 30_000);

  it('deletes a line after confirmation (DELETE orderdetail/remove/{id})', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) => (req.path === 'orderdetail/remove/102' ? json(200, { Id: 102 }) : undefined)),
    );
    await user.click(await screen.findByTestId('line-delete-102', {}, WAIT));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('Oil filter');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === 'orderdetail/remove/102')?.method).toBe('DELETE'),
    );
  }, 30_000);

  it.each([
    ['parts', TAB],
    ['invoice', TAB.replace(/parts$/, 'invoice')],
  ])(
    'opened directly on a job without an order, the %s page is the no-order notice, without a warning',
    async (_, path) => {
      const warned = vi.spyOn(console, 'error');
      renderApp(path, (req) => (req.path === 'job/1' ? json(200, { ...job, OrderId: null }) : undefined));
      expect(await screen.findByText('No order on job', { exact: false }, WAIT)).toBeTruthy();
      // The tab is disabled with its hint, none of the tabs shown as chosen.
      const tab = await screen.findByTestId(
        `tab-ViewJob${path.endsWith('parts') ? 'Parts' : 'Invoice'}`,
        {},
        WAIT,
      );
      await waitFor(() =>
        expect(tab.getAttribute('aria-disabled') ?? tab.hasAttribute('disabled')).toBeTruthy(),
      );
      expect(tab.getAttribute('aria-selected')).not.toBe('true');
      expect(warned).not.toHaveBeenCalled();
      warned.mockRestore();
    },
  );
});
