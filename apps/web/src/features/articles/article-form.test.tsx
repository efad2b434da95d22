// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-fetch.ts';
import { png } from '../../test/render-page.tsx';
import ArticleInfoPage, { NewArticlePage } from './pages/ArticleInfoPage.tsx';
import { bundle, fakeServer, renderPage } from './test-utils.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const article = {
  Id: 4,
  ArticleNumber: 'CMP-1010',
  Name: 'Oil filter GA 37',
  Description: '',
  Unit: 'pcs',
  CostPrice: 260,
  SalesPrice: 419,
  VatPercent: 25,
  IsTimeArticle: false,
  IsStockItem: true,
  SupplierId: null,
  Supplier: null,
  SupplierArticleNumber: '',
  Ean: '',
  ImagePath: null,
  IsActive: true,
  RowVersion: 3,
  Stock: [{ StoreId: 1, StoreName: 'Main store', StoreType: 1, Quantity: 12.5 }],
  JobCategories: [],
};

describe('article form', () => {
  it('refuses a price with three decimals before sending anything', async () => {
    const server = fakeServer({});
    await renderPage(<NewArticlePage />, {
      url: '/pim/articles/new/0',
      path: '/pim/articles/new/:articleId',
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Article number' }), 'CMP-2000');
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Drive belt');
    const price = screen.getByRole('textbox', { name: 'Sales price' });
    await user.clear(price);
    await user.type(price, '12.345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('At most two decimals.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the stock per store and saves a change with the row version read', async () => {
    const server = fakeServer({
      'GET Article/CMP-1010': () => json(200, article),
      'PATCH Article/': () => json(200, { ...article, Name: 'Oil filter', RowVersion: 4 }),
    });
    await renderPage(<ArticleInfoPage />, {
      url: '/pim/articles/4/CMP-1010/info',
      path: '/pim/articles/:articleId/:articleNumber/info',
    });
    expect(await screen.findByRole('cell', { name: 'Main store' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '12.5 pcs' })).toBeTruthy();
    const user = userEvent.setup();
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Oil filter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = server.calls.find((c) => c.method === 'PATCH')!.body as FormData;
    expect(JSON.parse(await (body.get('Article') as Blob).text())).toMatchObject({
      Id: 4,
      Name: 'Oil filter',
      RowVersion: 3,
      SalesPrice: '419.00',
    });
  });

  it('chooses the supplier in the supplier picker and sends its id', async () => {
    const server = fakeServer({
      'GET Article/CMP-1010': () => json(200, article),
      'GET Supplier/Filtered': () =>
        json(200, { Content: [{ Id: 5, Name: 'Nord Pump AS', IsActive: true }], TotalCount: 1 }),
      'PATCH Article/': () =>
        json(200, { ...article, SupplierId: 5, Supplier: { Id: 5, Name: 'Nord Pump AS' } }),
    });
    await renderPage(<ArticleInfoPage />, {
      url: '/pim/articles/4/CMP-1010/info',
      path: '/pim/articles/:articleId/:articleNumber/info',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Supplier' }));
    await user.click(await screen.findByRole('option', { name: 'Nord Pump AS' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = server.calls.find((c) => c.method === 'PATCH')!.body as FormData;
    expect(JSON.parse(await (body.get('Article') as Blob).text())).toMatchObject({ Id: 4, SupplierId: 5 });
  });

  it('shows the chosen supplier and removes the stored image after confirming', async () => {
    const stored = {
      ...article,
      SupplierId: 5,
      Supplier: { Id: 5, Name: 'Nord Pump AS' },
      ImagePath: 'articles/4.png',
    };
    const server = fakeServer({
      'GET Article/CMP-1010': () => json(200, stored),
      'GET resource/': () => png(),
      'PATCH Article/': () => json(200, { ...stored, ImagePath: null, RowVersion: 4 }),
    });
    await renderPage(<ArticleInfoPage />, {
      url: '/pim/articles/4/CMP-1010/info',
      path: '/pim/articles/:articleId/:articleNumber/info',
    });
    expect(((await screen.findByRole('combobox', { name: 'Supplier' })) as HTMLInputElement).value).toBe(
      'Nord Pump AS',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm.textContent).toContain('The image of Oil filter GA 37 is removed.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove image' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = server.calls.find((c) => c.method === 'PATCH')!.body as FormData;
    expect(JSON.parse(await (body.get('Article') as Blob).text())).toEqual({
      Id: 4,
      RemoveImage: true,
      RowVersion: 3,
    });
    expect(body.get('ImageFile')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull());
  });

  it('is read-only for a technician', async () => {
    fakeServer({ 'GET Article/CMP-1010': () => json(200, article) }, bundle(2));
    await renderPage(<ArticleInfoPage />, {
      url: '/pim/articles/4/CMP-1010/info',
      path: '/pim/articles/:articleId/:articleNumber/info',
    });
    expect(((await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });
});
