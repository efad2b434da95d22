// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-fetch.ts';
import JobCategoryInfoPage from './pages/JobCategoryInfoPage.tsx';
import { fakeServer, renderPage } from './test-utils.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const category = { Id: 1, Name: 'Preventive maintenance', Names: {}, IsActive: true, RowVersion: 4 };
const line = {
  Id: 7,
  JobCategoryId: 1,
  ArticleId: 20,
  ArticleNumber: 'ARBEID',
  Name: 'Arbeid',
  Unit: 'h',
  Quantity: 1,
  IsActive: true,
};

describe('job category page', () => {
  it('renames the category with its row version and changes an article quantity when left', async () => {
    const server = fakeServer({
      'GET JobCategory/1': () => json(200, category),
      'PATCH JobCategory': () => json(200, { ...category, Name: 'Service', RowVersion: 5 }),
      'GET JobCategoryArticles/Filtered': () => json(200, { Content: [line], TotalCount: 1 }),
      'PUT JobCategoryArticles/': () => json(200, { ...line, Quantity: 2.5 }),
    });
    await renderPage(<JobCategoryInfoPage />, {
      url: '/pim/job-categories/1/info',
      path: '/pim/job-categories/:categoryId/info',
    });
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Service');
    await user.tab();
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = server.calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(String(patch.body))).toEqual({ Id: 1, Name: 'Service', RowVersion: 4 });

    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2,5');
    await user.tab();
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = server.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(String(put.body))).toEqual({ Id: 7, Quantity: '2,5' });
  });

  it('draws only some of a category’s 1,000 articles', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      ...line,
      Id: 100 + i,
      ArticleId: 100 + i,
      ArticleNumber: `A-${i}`,
      Name: `Article ${i}`,
    }));
    fakeServer({
      'GET JobCategory/1': () => json(200, category),
      'GET JobCategoryArticles/Filtered': () => json(200, { Content: many, TotalCount: 1000 }),
    });
    await renderPage(<JobCategoryInfoPage />, {
      url: '/pim/job-categories/1/info',
      path: '/pim/job-categories/:categoryId/info',
    });
    expect(await screen.findByText('A-0 · Article 0')).toBeTruthy();
    expect(screen.getAllByTestId(/^article-line-/).length).toBeLessThan(200);
    expect(screen.queryByText('A-999 · Article 999')).toBeNull();
  });
});
