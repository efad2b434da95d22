// @vitest-environment jsdom
import type { CustomerListItem, JobListItem, MachineListItem } from '@fieldport/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { columnsOf, linesPerGroup } from './groups.ts';
import { addToHistory, HISTORY_LIMIT, removeFromHistory } from './history.ts';

resetAppBetweenTests();
afterEach(() => vi.useRealTimers());

const WAIT = { timeout: 15_000 };

const customer = (id: number, name = `Berg ${id} AS`): CustomerListItem => ({
  Id: id,
  CustomerNumber: String(1000 + id),
  Name: name,
  IsActive: id !== 2,
  DefaultDeliveryAddress: { Street: 'Storgata 1', Zip: '0155', City: 'Oslo', Country: 'Norway' } as never,
});

const jobItem = (id: number): JobListItem => ({
  Id: id,
  DisplayName: `Berg pump repair ${id}`,
  JobStatusId: 10,
  StatusName: 'New',
  StatusColor: '#757575',
  StatusIcon: 'FiberNew',
  JobSubStatusId: null,
  SubStatusName: null,
  JobTypeId: 2,
  JobTypeName: 'Repair',
  JobPriorityId: 3,
  PriorityName: 'Normal',
  DueAfterHours: 72,
  CreatedDate: '2025-01-02T10:00:00',
  daysAgo: 400,
  hoursAgo: 9600,
  FirstLineComment: '',
  OrderId: String(10000 + id),
  OrderIdMalformed: false,
  CustomerId: 7,
  CustomerName: 'Berg AS',
  DeliveryAddress: null,
  Machines: [],
  Appointments: [],
});

const machine = (id: number): MachineListItem => ({
  Id: id,
  DisplayName: `Berg pump NK ${id}`,
  Name: `Pump NK ${id}`,
  SerialNumber: `SN${id}`,
  Qrcode: null,
  IsActive: true,
  CustomerId: 7,
  CustomerName: 'Berg AS',
  MachineModel: null,
  AssetType: null,
});

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

/** A server with `counts` hits per lookup; `fail` lookups answer 500, `hang` ones never answer. */
function lookupServer(
  counts: { customers: number; jobs: number; machines: number },
  opts: { fail?: string[]; hang?: boolean } = {},
) {
  return (req: Req): Response | Promise<Response> | undefined => {
    const group =
      req.path === 'customer/Filtered'
        ? 'customers'
        : req.path === 'JobList/Filtered'
          ? 'jobs'
          : req.path === 'machine/search'
            ? 'machines'
            : null;
    if (!group) return undefined;
    if (opts.hang) return new Promise<Response>(() => {});
    if (opts.fail?.includes(group)) return json(500, { Message: 'Down' });
    if (group === 'customers')
      return json(200, {
        Content: range(counts.customers).map((i) => customer(i)),
        TotalCount: counts.customers,
      });
    if (group === 'jobs')
      return json(200, {
        Content: range(counts.jobs).map(jobItem),
        TotalCount: counts.jobs,
        TotalCountCapped: false,
      });
    return json(200, range(counts.machines).map(machine));
  };
}

const isLookup = (r: Req) => ['customer/Filtered', 'JobList/Filtered', 'machine/search'].includes(r.path);

/** Opens the header search and returns its field. */
async function openSearch() {
  const header = await screen.findByRole('banner', {}, WAIT);
  fireEvent.click(await within(header).findByRole('button', { name: 'Search' }, WAIT));
  return (await screen.findByRole(
    'combobox',
    { name: 'Search for jobs, customers and machines' },
    WAIT,
  )) as HTMLInputElement;
}

/** Types into the field and lets the 600 ms pass, then waits for the lookups' answers. */
async function search(field: HTMLInputElement, text: string) {
  fireEvent.change(field, { target: { value: text } });
  await waitFor(() => expect(screen.queryByText('Searching...')).toBeNull(), WAIT);
}

const optionsOf = (group: string) =>
  within(screen.getByRole('group', { name: group })).queryAllByRole('option');

describe('the history and the grouping rules', () => {
  it('keeps each query once whatever its case, newest first, and removes one or all', () => {
    const t0 = new Date('2026-01-01T10:00:00Z');
    let history = addToHistory([], 'Berg', t0);
    history = addToHistory(history, 'pump', t0);
    history = addToHistory(history, '  BERG ', new Date('2026-01-02T10:00:00Z'));
    expect(history).toEqual([
      { query: 'BERG', stamp: '2026-01-02T10:00:00.000Z' },
      { query: 'pump', stamp: t0.toISOString() },
    ]);
    expect(addToHistory(history, '   ')).toEqual(history);
    expect(removeFromHistory(history, 'berg')).toEqual([{ query: 'pump', stamp: t0.toISOString() }]);
    const many = range(HISTORY_LIMIT + 5).reduce((h, i) => addToHistory(h, `q${i}`), history);
    expect(many).toHaveLength(HISTORY_LIMIT);
    expect(many[0]?.query).toBe(`q${HISTORY_LIMIT + 5}`);
  });

  it('shows 5 lines a group with three groups, 7 with two, 15 with one; columns of five maximised', () => {
    expect([3, 2, 1, 0].map(linesPerGroup)).toEqual([5, 7, 15, 15]);
    expect(columnsOf(range(15)).map((c) => [c[0], c.at(-1)])).toEqual([
      [1, 5],
      [6, 10],
      [11, 15],
    ]);
    expect(columnsOf(range(7))).toEqual([range(5), [6, 7]]);
  });
});

describe('the header search', () => {
  it('looks up 600 ms after the last key: customers, jobs and machines, 15 each', async () => {
    const { requests } = renderApp('/about', lookupServer({ customers: 2, jobs: 1, machines: 1 }));
    const field = await openSearch();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(field, { target: { value: 'be' } });
    await act(() => vi.advanceTimersByTimeAsync(400));
    fireEvent.change(field, { target: { value: 'berg' } });
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(within(screen.getByTestId('search-dropdown')).getByRole('status').textContent).toBe(
      'Searching...',
    );
    expect(requests.filter(isLookup)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests.filter(isLookup)).toHaveLength(3);
    // The answers come in and the dropdown shows them before the timers are real again.
    for (let i = 0; i < 10 && screen.queryByText('Searching...'); i++)
      await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    const calls = Object.fromEntries(requests.filter(isLookup).map((r) => [r.path, r]));
    expect(calls['customer/Filtered']?.query.get('SearchWord')).toBe('berg');
    expect(calls['customer/Filtered']?.query.get('ItemsPerPage')).toBe('15');
    expect(calls['JobList/Filtered']?.body).toMatchObject({ SearchWord: 'berg', ItemsPerPage: 15 });
    expect(calls['machine/search']?.query.get('searchQuery')).toBe('berg');
    expect(calls['machine/search']?.query.get('IncludeInactive')).toBe('true');
    expect(calls['machine/search']?.query.get('limit')).toBe('15');
    // Only the text that stayed 600 ms was looked up.
    expect(
      requests
        .filter(isLookup)
        .every((r) => r.path !== 'customer/Filtered' || r.query.get('SearchWord') === 'berg'),
    ).toBe(true);
    expect(await screen.findByRole('option', { name: /Berg 1 AS/ }, WAIT)).toBeTruthy();
    expect(screen.getByRole('option', { name: /Berg 2 AS.*Inactive/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /^10001 – Berg pump repair 1.*New/ })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Berg pump NK 1/ })).toBeTruthy();
  });

  it('shows 5, 7 or 15 lines a group as three, two or one group has results, and all 15 maximised', async () => {
    let counts = { customers: 15, jobs: 15, machines: 15 };
    renderApp('/about', (req) => lookupServer(counts)(req));
    const field = await openSearch();
    await search(field, 'berg');
    await waitFor(() => expect(optionsOf('Customers')).toHaveLength(5), WAIT);
    expect(optionsOf('Jobs')).toHaveLength(5);
    expect(optionsOf('Machines')).toHaveLength(5);

    fireEvent.click(screen.getByRole('button', { name: 'Maximise' }));
    expect(optionsOf('Customers')).toHaveLength(15);
    expect(optionsOf('Machines')).toHaveLength(15);
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));

    counts = { customers: 15, jobs: 15, machines: 0 };
    await search(field, 'berg 2');
    await waitFor(() => expect(optionsOf('Customers')).toHaveLength(7), WAIT);
    expect(optionsOf('Jobs')).toHaveLength(7);
    expect(screen.queryByRole('group', { name: 'Machines' })).toBeNull();

    counts = { customers: 0, jobs: 15, machines: 0 };
    await search(field, 'berg 3');
    await waitFor(() => expect(optionsOf('Jobs')).toHaveLength(15), WAIT);

    counts = { customers: 0, jobs: 0, machines: 0 };
    await search(field, 'nothing');
    expect(await screen.findByText('No results', {}, WAIT)).toBeTruthy();
  });

  it('says which group failed', async () => {
    renderApp('/about', lookupServer({ customers: 1, jobs: 1, machines: 1 }, { fail: ['machines'] }));
    const field = await openSearch();
    await search(field, 'berg');
    const machines = await screen.findByRole('group', { name: 'Machines' }, WAIT);
    expect(within(machines).getByText('Error fetching results')).toBeTruthy();
    expect(optionsOf('Customers')).toHaveLength(1);
  });

  it('cancels the lookups under way with Escape, then closes the dropdown and the field', async () => {
    const { requests } = renderApp(
      '/about',
      lookupServer({ customers: 0, jobs: 0, machines: 0 }, { hang: true }),
    );
    const field = await openSearch();
    fireEvent.change(field, { target: { value: 'berg' } });
    await waitFor(() => expect(requests.filter(isLookup)).toHaveLength(3), WAIT);
    expect(screen.getByText('Searching...')).toBeTruthy();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(await screen.findByText('Search canceled', {}, WAIT)).toBeTruthy();
    expect(screen.queryByText('Searching...')).toBeNull();
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('cancels a search before its lookups start: none is made', async () => {
    const { requests } = renderApp('/about', lookupServer({ customers: 1, jobs: 1, machines: 1 }));
    const field = await openSearch();
    // The debounce's clock is the test's: the lookups of 'berg' would be due 600 ms after the key.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(field, { target: { value: 'berg' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.getByText('Search canceled')).toBeTruthy();
    expect(screen.queryByText('Searching...')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(800));
    vi.useRealTimers();
    expect(requests.filter(isLookup)).toHaveLength(0);
    expect(screen.getByText('Search canceled')).toBeTruthy();
  });

  it('moves through the lines with the arrow keys and opens the chosen record with Enter', async () => {
    renderApp('/about', lookupServer({ customers: 2, jobs: 1, machines: 1 }));
    const field = await openSearch();
    await search(field, 'berg');
    await screen.findByRole('option', { name: /Berg 1 AS/ }, WAIT);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    const active = document.getElementById(field.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toContain('Berg pump repair 1');
    expect(active?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(where()).toMatch(/^\/customer\/1(\/|$)/), WAIT);
    // Opening a record closes the search and keeps the query in the history.
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(JSON.parse(localStorage.getItem('GlobalSearchHistory') ?? '[]')[0].query).toBe('berg');
  });

  it('opens a result in a new tab with Ctrl+click, the middle button or Ctrl+Enter, the search staying open', async () => {
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    renderApp('/about', lookupServer({ customers: 1, jobs: 1, machines: 1 }));
    const field = await openSearch();
    await search(field, 'berg');
    fireEvent.click(await screen.findByRole('option', { name: /Berg 1 AS/ }, WAIT), { ctrlKey: true });
    expect(opened).toHaveBeenLastCalledWith(
      expect.stringMatching(/\/customer\/1(\/|$)/),
      '_blank',
      'noopener',
    );
    fireEvent(
      screen.getByRole('option', { name: /Berg pump NK 1/ }),
      new MouseEvent('auxclick', { bubbles: true, button: 1 }),
    );
    expect(opened).toHaveBeenLastCalledWith(
      expect.stringMatching(/\/machine-list\/1(\/|$)/),
      '_blank',
      'noopener',
    );
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(opened).toHaveBeenLastCalledWith(
      expect.stringMatching(/\/job\/list\/status-10-0\/view\/1$/),
      '_blank',
      'noopener',
    );
    expect(opened).toHaveBeenCalledTimes(3);
    // This page stays where it was, with the search and its results.
    expect(where()).toBe('/about');
    expect(screen.getByRole('combobox')).toBe(field);
    opened.mockRestore();
  });

  it('opens the results page with Enter, and keeps the history: deduplicated, newest first, cleared', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/about', lookupServer({ customers: 1, jobs: 1, machines: 1 }));
    let field = await openSearch();
    fireEvent.change(field, { target: { value: 'Berg' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await waitFor(() => expect(where()).toBe('/search-results?q=Berg'), WAIT);
    expect(await screen.findByTestId('search-heading', {}, WAIT)).toHaveProperty(
      'textContent',
      'Jobs matching “Berg”',
    );

    for (const q of ['pump', 'BERG']) {
      field = await openSearch();
      fireEvent.change(field, { target: { value: q } });
      fireEvent.submit(field.closest('form') as HTMLFormElement);
      await waitFor(() => expect(where()).toBe(`/search-results?q=${q}`), WAIT);
    }
    field = await openSearch();
    fireEvent.change(field, { target: { value: '' } });
    const recent = await screen.findByRole('listbox', { name: 'Recent searches' }, WAIT);
    const queries = () =>
      within(recent)
        .getAllByRole('option')
        .map((o) => within(o).getByText(/^(berg|pump)$/i).textContent);
    expect(queries()).toEqual(['BERG', 'pump']);
    // Each entry with its date.
    expect(within(recent).getAllByRole('option')[0]?.textContent).toMatch(/\d{2}:\d{2}$/);

    await user.click(screen.getByRole('button', { name: 'Remove “pump” from the history' }));
    expect(queries()).toEqual(['BERG']);
    // Choosing an entry searches for it again.
    fireEvent.click(within(recent).getByRole('option', { name: 'BERG' }));
    expect(field.value).toBe('BERG');
    // Emptied at once, the field shows the history and Escape closes it: there is nothing to cancel.
    fireEvent.change(field, { target: { value: '' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByTestId('search-dropdown')).toBeNull();
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(JSON.parse(localStorage.getItem('GlobalSearchHistory') ?? 'null')).toEqual([]);
  });
});

describe('the search results page', () => {
  it('lists the jobs matching q, 100 a page, and opens one in the preview pane with its id in the route', async () => {
    const requests: Req[] = [];
    renderApp('/search-results?q=pump', (req) => {
      requests.push(req);
      if (req.path === 'JobList/Filtered')
        return json(200, { Content: [jobItem(1), jobItem(2)], TotalCount: 2, TotalCountCapped: false });
      return undefined;
    });
    expect(await screen.findByTestId('search-heading', {}, WAIT)).toHaveProperty(
      'textContent',
      'Jobs matching “pump”',
    );
    const first = await screen.findByTestId('job-item-1', {}, WAIT);
    expect(requests.find((r) => r.path === 'JobList/Filtered')?.body).toMatchObject({
      SearchWord: 'pump',
      ItemsPerPage: 100,
      Page: 1,
    });
    expect(screen.queryByTestId('job-preview')).toBeNull();
    fireEvent.click(within(first).getByRole('link'));
    await waitFor(() => expect(where()).toBe('/search-results/1?q=pump'), WAIT);
    expect(await screen.findByTestId('job-preview', {}, WAIT)).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('job-preview')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(where()).toBe('/search-results?q=pump'), WAIT);
    expect(screen.queryByTestId('job-preview')).toBeNull();
  });

  it('narrows the results by the filter of the query, a job list filter, and keeps it for a new search', async () => {
    const requests: Req[] = [];
    renderApp('/search-results?q=pump&filter=status-20-0', (req) => {
      requests.push(req);
      if (req.path === 'JobList/Filtered')
        return json(200, { Content: [jobItem(1)], TotalCount: 1, TotalCountCapped: false });
      return undefined;
    });
    await screen.findByTestId('job-item-1', {}, WAIT);
    expect(requests.find((r) => r.path === 'JobList/Filtered')?.body).toMatchObject({
      SearchWord: 'pump',
      JobStatusIdList: [20],
    });
    const refine = screen.getByRole('textbox', { name: 'Search jobs' });
    fireEvent.change(refine, { target: { value: 'valve' } });
    fireEvent.submit(refine.closest('form') as HTMLFormElement);
    await waitFor(() => expect(where()).toBe('/search-results?q=valve&filter=status-20-0'), WAIT);
  });
});
