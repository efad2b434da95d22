// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();
afterEach(() => vi.restoreAllMocks());

const WAIT = { timeout: 15_000 };
const store = (Id: number, Name: string, StoreType = 1, UserId: number | null = null) => ({
  Id,
  Name,
  StoreType,
  UserId,
  UserName: UserId ? 'Tess Tester' : null,
  AllowNegative: false,
  IsActive: true,
});
const article = (ArticleId: number, StoreId: number, Quantity: number, extra: object = {}) => ({
  StoreId,
  StoreName: 'Main store',
  ArticleId,
  ArticleNumber: `P-${ArticleId}`,
  ArticleName: `Part ${ArticleId}`,
  Unit: 'pcs',
  Quantity,
  Location: `A-0${ArticleId}`,
  MinQuantity: 0,
  ...extra,
});
/** An article of the catalogue as article/search answers it. */
const catalogue = (Id: number, Name: string, extra: object = {}) => ({
  Id,
  ArticleNumber: `P-${Id}`,
  Name,
  Description: '',
  Unit: 'pcs',
  CostPrice: 1,
  SalesPrice: 2,
  VatPercent: 25,
  IsTimeArticle: false,
  IsStockItem: true,
  SupplierId: null,
  Supplier: null,
  SupplierArticleNumber: '',
  Ean: '',
  ImagePath: null,
  IsActive: true,
  RowVersion: 1,
  ...extra,
});
const STORES = [store(1, 'Main store'), store(2, 'Van – Tess', 2, 10)];
/** getVehicleList as the office hears it: every van, the caller's marked. */
const VEHICLES = [
  { StoreId: 3, Name: 'Van – Ola', UserId: 11, UserName: 'Ola', IsMine: false },
  { StoreId: 2, Name: 'Van – Tess', UserId: 10, UserName: 'Tess Tester', IsMine: true },
];

function stockServer(extra: (req: Req) => Response | undefined = () => undefined) {
  return (req: Req) => {
    if (req.path === 'Store/GetAll') return json(200, STORES);
    if (req.path === 'UserController/getVehicleList') return json(200, VEHICLES);
    if (req.path.startsWith('Store/StoreArticles/')) {
      const id = Number(req.path.split('/').pop());
      const rows =
        id === 2 ? [article(7, 2, 3, { MinQuantity: 5 })] : [article(4, 1, 10), article(5, 1, 2.5)];
      return json(200, { Content: rows, TotalCount: rows.length });
    }
    if (req.path === 'Inventory/Movements') return json(200, { Content: [], TotalCount: 0 });
    return extra(req);
  };
}

describe('stock screens', () => {
  it('My car shows the van’s articles with stock, place and a warning below the minimum', async () => {
    renderApp('/my-page/mycar/inventory', stockServer(), bundle(2));
    const row = await screen.findByTestId('stock-article-7', {}, WAIT);
    expect(await screen.findByRole('heading', { name: 'Van – Tess' })).toBeTruthy();
    expect(row.textContent).toContain('P-7 · Part 7');
    expect(row.textContent).toContain('A-07');
    expect(within(row).getByText('Below the minimum of 5')).toBeTruthy();
    expect(within(row).getByLabelText('Quantity').textContent).toBe('3 pcs');
  });

  it('the picking list shows what to pick and prints', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup({ delay: null });
    const line = {
      ArticleId: 4,
      ArticleNumber: 'P-4',
      ArticleName: 'Oil filter',
      Unit: 'pcs',
      Needed: 6,
      InVan: 1.5,
      ToPick: 4.5,
      Location: 'Drawer 2',
      Jobs: [
        {
          JobId: 12,
          ParentJobId: 11,
          OrderId: '10001',
          DisplayName: 'Service',
          MachineName: 'Lathe',
          Date: '2026-11-25',
          Quantity: 2,
        },
      ],
    };
    const { requests } = renderApp(
      '/my-page/mycar/pickinglist',
      stockServer((req) => (req.path === 'Store/CommontPartsForMyJobs/' ? json(200, [line]) : undefined)),
      bundle(2),
    );
    const row = await screen.findByTestId('pick-4', {}, WAIT);
    expect(row.textContent).toContain('Oil filter');
    expect(row.textContent).toContain('4.5');
    expect(requests.find((r) => r.path === 'Store/CommontPartsForMyJobs/')?.query.get('Days')).toBe('7');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('the Admin counts a store: differences as typed, a bad quantity refused, the booked ones shown', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/admin/inventory',
      stockServer((req) =>
        req.path === 'Inventory/Count'
          ? json(200, {
              StoreId: 1,
              Differences: [
                {
                  ArticleId: 4,
                  ArticleNumber: 'P-4',
                  ArticleName: 'Part 4',
                  Before: 10,
                  Counted: 8,
                  Difference: -2,
                },
              ],
            })
          : undefined,
      ),
    );
    await user.click(await screen.findByRole('tab', { name: 'Count' }, WAIT));
    const counted = await screen.findByRole('textbox', { name: 'Counted quantity of P-4' }, WAIT);
    await fill(user, counted, '8.0001');
    expect(await screen.findByText('At most three decimals.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Book differences' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await fill(user, counted, '8');
    expect(screen.getByText('-2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Book differences' }));
    await waitFor(() => expect(screen.getByText('Booked differences')).toBeTruthy());
    expect(requests.find((r) => r.path === 'Inventory/Count')?.body).toEqual({
      StoreId: 1,
      Lines: [{ ArticleId: 4, Counted: '8' }],
      Comment: '',
    });
  });

  it('the Admin moves stock: store, article, quantity, Enter submits; a refusal shows in the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    let tries = 0;
    const { requests } = renderApp(
      '/admin/inventory',
      stockServer((req) => {
        if (req.path === 'article/search' && req.query.get('q') === 'filt')
          return json(200, [catalogue(4, 'Oil filter')]);
        if (req.path === 'Store/MoveStock')
          return ++tries === 1
            ? json(409, { Message: 'Only 10 pcs of P-4 in Main store.' })
            : json(200, { FromBalance: 8, ToBalance: 2 });
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Move stock' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Move stock from Main store' });
    await user.click(within(dialog).getByRole('combobox', { name: 'To store' }));
    await user.click(await screen.findByRole('option', { name: 'Van – Tess' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Article' }), 'filt');
    await user.click(await screen.findByRole('option', { name: 'P-4 · Oil filter' }, WAIT));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Quantity' }), '2');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Only 10 pcs of P-4 in Main store.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(requests.filter((r) => r.path === 'Store/MoveStock').at(-1)?.body).toEqual({
      FromStoreId: 1,
      ToStoreId: 2,
      ArticleId: 4,
      Quantity: '2',
      Comment: '',
    });
  });

  it('the Admin receives an article no store holds yet, found in the whole catalogue; hours are not offered', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/admin/inventory',
      stockServer((req) => {
        if (req.path === 'article/search' && req.query.get('q') === 'belt')
          return json(200, [
            catalogue(30, 'V-belt SPA 1250'),
            catalogue(31, 'Belt fitting hour', { IsTimeArticle: true, IsStockItem: false, Unit: 'h' }),
          ]);
        if (req.path === 'Store/ReceiveStock') return json(200, { StoreId: 1, ArticleId: 30, Balance: 4 });
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Receive stock' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock into Main store' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Article' }), 'belt');
    const belt = await screen.findByRole('option', { name: 'P-30 · V-belt SPA 1250' }, WAIT);
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await user.click(belt);
    expect(requests.some((r) => r.path.startsWith('Inventory/belt'))).toBe(false);
    await fill(user, within(dialog).getByRole('textbox', { name: 'Quantity' }), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Book in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    expect(requests.find((r) => r.path === 'Store/ReceiveStock')?.body).toEqual({
      StoreId: 1,
      ArticleId: 30,
      Quantity: '4',
      Comment: '',
    });
  });

  it('the Admin counts an article the store does not hold yet, found in the catalogue', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/admin/inventory',
      stockServer((req) => {
        if (req.path === 'article/search') return json(200, [catalogue(30, 'V-belt SPA 1250')]);
        if (req.path === 'Inventory/Count')
          return json(200, {
            StoreId: 1,
            Differences: [
              {
                ArticleId: 30,
                ArticleNumber: 'P-30',
                ArticleName: 'V-belt',
                Before: 0,
                Counted: 3,
                Difference: 3,
              },
            ],
          });
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('tab', { name: 'Count' }, WAIT));
    const picker = await screen.findByRole(
      'combobox',
      { name: 'Count an article the store does not hold yet' },
      WAIT,
    );
    await user.type(picker, 'belt');
    await user.click(await screen.findByRole('option', { name: 'P-30 · V-belt SPA 1250' }, WAIT));
    await fill(user, await screen.findByRole('textbox', { name: 'Counted quantity of P-30' }), '3');
    await user.click(screen.getByRole('button', { name: 'Book differences' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === 'Inventory/Count')?.body).toEqual({
        StoreId: 1,
        Lines: [{ ArticleId: 30, Counted: '3' }],
        Comment: '',
      }),
    );
  });
});
