// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-fetch.ts';
import ArticleListPage from './pages/ArticleListPage.tsx';
import CommonPartsPage from './pages/CommonPartsPage.tsx';
import { bundle, fakeServer, renderPage } from './test-utils.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const part = (id: number, position: number) => ({
  MachineModelId: 3,
  ArticleId: id,
  ArticleNumber: `CMP-${id}`,
  Name: `Filter ${id}`,
  Unit: 'pcs',
  Quantity: 1,
  Position: position,
  IsActive: true,
});
const page = { url: '/pim/machine-models/3/common-parts', path: '/pim/machine-models/:modelId/common-parts' };

describe('common parts', () => {
  it('moves a part with the buttons and with Alt+Arrow, saved through Move', async () => {
    const server = fakeServer({
      'GET CommonParts/3': () => json(200, [part(10, 1), part(11, 2), part(12, 3)]),
      'PUT CommonParts/3/Move': () => json(200, [part(11, 1), part(10, 2), part(12, 3)]),
    });
    await renderPage(<CommonPartsPage />, page);
    expect(await screen.findByText('CMP-10 · Filter 10')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Move Filter 10 up' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Move Filter 10 down' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const moved = server.calls.find((c) => c.method === 'PUT')!;
    expect(new URL(moved.url, 'http://x').search).toBe('?articleId=10&position=2');

    fireEvent.keyDown(screen.getByTestId('article-line-12'), { key: 'ArrowUp', altKey: true });
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    const second = server.calls.filter((c) => c.method === 'PUT')[1]!;
    expect(new URL(second.url, 'http://x').search).toBe('?articleId=12&position=2');
  });

  it('draws only some of 1,000 parts; drag, Alt+Arrow reorder and the arrow keys between rows still work', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => part(1000 + i, i + 1));
    const server = fakeServer({
      'GET CommonParts/3': () => json(200, many),
      'PUT CommonParts/3/Move': () => json(200, many),
    });
    await renderPage(<CommonPartsPage />, page);
    expect(await screen.findByText('CMP-1000 · Filter 1000')).toBeTruthy();
    const drawn = screen.getAllByTestId(/^article-line-/);
    expect(drawn.length).toBeLessThan(200);
    expect(
      screen.getByRole('list', { name: 'Common parts' }).querySelector('[aria-setsize="1000"]'),
    ).toBeTruthy();
    const puts = () =>
      server.calls.filter((c) => c.method === 'PUT').map((c) => new URL(c.url, 'http://x').search);

    // Dragging the third row onto the first.
    fireEvent.dragStart(screen.getByTestId('article-line-1002'));
    fireEvent.dragOver(screen.getByTestId('article-line-1000'));
    fireEvent.drop(screen.getByTestId('article-line-1000'));
    await waitFor(() => expect(puts()).toEqual(['?articleId=1002&position=1']));

    // Alt+ArrowDown moves the line; a plain ArrowDown only goes to the next row.
    const up = screen.getByRole('button', { name: 'Move Filter 1001 down' });
    up.focus();
    fireEvent.keyDown(up, { key: 'ArrowDown', altKey: true });
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]).toBe('?articleId=1001&position=3');
    fireEvent.keyDown(up, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(screen.getByTestId('article-line-1002').contains(document.activeElement)).toBe(true),
    );
    expect(puts()).toHaveLength(2);
  });

  it('removes a part, and shows a technician the list without changes', async () => {
    const server = fakeServer({
      'GET CommonParts/3': () => json(200, [part(10, 1), part(11, 2)]),
      'DELETE CommonParts/3/Article/11': () => json(200, [part(10, 1)]),
    });
    const view = await renderPage(<CommonPartsPage />, page);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Remove Filter 11' }));
    await waitFor(() => expect(screen.queryByText('CMP-11 · Filter 11')).toBeNull());
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true);
    view.unmount();

    fakeServer({ 'GET CommonParts/3': () => json(200, [part(10, 1)]) }, bundle(2));
    await renderPage(<CommonPartsPage />, page);
    expect(await screen.findByText('CMP-10 · Filter 10')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Filter 10' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Add article' })).toBeNull();
  });
});

describe('article list', () => {
  it('lists articles, asks for inactive ones with the switch and offers New to the Admin', async () => {
    const article = {
      Id: 1,
      ArticleNumber: 'ARBEID',
      Name: 'Arbeid',
      Description: '',
      Unit: 'h',
      CostPrice: 520,
      SalesPrice: 895,
      VatPercent: 25,
      IsTimeArticle: true,
      IsStockItem: false,
      SupplierId: null,
      Supplier: null,
      SupplierArticleNumber: '',
      Ean: '',
      ImagePath: null,
      IsActive: true,
      RowVersion: 1,
    };
    const server = fakeServer({
      'GET Article/Filtered': () => json(200, { Content: [article], TotalCount: 1 }),
    });
    await renderPage(<ArticleListPage />, { url: '/pim/articles', path: '/pim/articles' });
    expect((await screen.findByTestId('article-row-1')).textContent).toContain('ARBEID · Arbeid');
    expect(screen.getByRole('button', { name: 'New article' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('switch', { name: 'Show inactive' }));
    await waitFor(() => expect(server.calls.some((c) => c.url.includes('IncludeInactive=true'))).toBe(true));
  });
});
