// @vitest-environment jsdom
import { DROPDOWN_DEBOUNCE_MS } from '@fieldport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/index.ts';
import { json, mockFetch } from '../../lib/api/test-fetch.ts';
import { CustomerDropdown, SearchDropdown, type SearchDropdownPageArgs } from './index.ts';

interface Thing {
  Id: number;
  Name: string;
}
const things = (n: number, from = 1): Thing[] =>
  Array.from({ length: n }, (_, i) => ({ Id: from + i, Name: `Thing ${from + i}` }));

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** A source that answers `list` filtered by the search word, recording every call. */
function source(list: Thing[]) {
  const calls: Omit<SearchDropdownPageArgs, 'signal'>[] = [];
  const fetchPage = vi.fn(async ({ signal: _, ...args }: SearchDropdownPageArgs) => {
    calls.push(args);
    const hits = list.filter((t) => t.Name.toLowerCase().includes(args.SearchWord.toLowerCase()));
    const start = (args.Page - 1) * args.ItemsPerPage;
    return { Content: hits.slice(start, start + args.ItemsPerPage), TotalCount: hits.length };
  });
  return { calls, fetchPage };
}

function Single(props: {
  list: Thing[];
  fetchPage: (a: SearchDropdownPageArgs) => Promise<{ Content: Thing[]; TotalCount: number }>;
  initial?: Thing | null;
  clearable?: boolean;
}) {
  const [value, setValue] = useState<Thing | null>(props.initial ?? null);
  return (
    <>
      <SearchDropdown<Thing>
        label="Thing"
        value={value}
        onChange={(v) => setValue(v as Thing | null)}
        fetchPage={props.fetchPage}
        getId={(t) => t.Id}
        getLabel={(t) => t.Name}
        clearable={props.clearable}
      />
      <output data-testid="chosen">{value ? value.Name : 'none'}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

function Multi(props: {
  fetchPage: (a: SearchDropdownPageArgs) => Promise<{ Content: Thing[]; TotalCount: number }>;
  pageSize?: number;
}) {
  const [value, setValue] = useState<Thing[]>([]);
  return (
    <>
      <SearchDropdown<Thing>
        label="Things"
        multiple
        clearable
        value={value}
        onChange={(v) => setValue(v as Thing[])}
        fetchPage={props.fetchPage}
        getId={(t) => t.Id}
        getLabel={(t) => t.Name}
        pageSize={props.pageSize}
      />
      <output data-testid="chosen">{value.map((v) => v.Id).join(',')}</output>
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SearchDropdown (000 §5, §9)', () => {
  it('does not search below three characters and says so', async () => {
    const user = userEvent.setup();
    const list = things(5);
    const src = source(list);
    wrap(<Single list={list} fetchPage={src.fetchPage} />);
    const input = screen.getByRole('combobox', { name: /Thing/ });
    await user.click(input);
    // Opening lists the first page without a search word.
    expect(await screen.findByRole('option', { name: 'Thing 1' })).toBeTruthy();
    // The debounce's clock is the test's: a search of 'Th' would be due 700 ms after the last key.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(input, { target: { value: 'Th' } });
    expect(screen.getByText('Type three characters to search')).toBeTruthy();
    expect(screen.queryByRole('option')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(DROPDOWN_DEBOUNCE_MS + 200));
    expect(src.calls.map((c) => c.SearchWord)).toEqual(['']);
  });

  it('searches 700 ms after the third character, showing Searching… meanwhile', async () => {
    const user = userEvent.setup();
    const list = [...things(3), { Id: 50, Name: 'Fjord pump' }];
    const src = source(list);
    wrap(<Single list={list} fetchPage={src.fetchPage} />);
    const input = screen.getByRole('combobox', { name: /Thing/ });
    await user.click(input);
    await screen.findByRole('option', { name: 'Thing 1' });
    const typedAt = Date.now();
    await user.type(input, 'pum', { skipClick: true });
    expect(screen.getByText('Searching…')).toBeTruthy();
    expect(src.calls.some((c) => c.SearchWord === 'pum')).toBe(false);
    expect(await screen.findByRole('option', { name: 'Fjord pump' }, { timeout: 15_000 })).toBeTruthy();
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(650);
    // One search for the settled word, not one per keystroke.
    expect(src.calls.map((c) => c.SearchWord)).toEqual(['', 'pum']);
    expect(src.calls[1]).toMatchObject({ Page: 1, ItemsPerPage: 100 });
    await user.click(screen.getByRole('option', { name: 'Fjord pump' }));
    expect(screen.getByTestId('chosen').textContent).toBe('Fjord pump');
  });

  it('says No results when the search finds nothing', async () => {
    const user = userEvent.setup();
    const list = things(3);
    const src = source(list);
    wrap(<Single list={list} fetchPage={src.fetchPage} />);
    const input = screen.getByRole('combobox', { name: /Thing/ });
    await user.click(input);
    await user.type(input, 'zzz', { skipClick: true });
    expect(await screen.findByText('No results', {}, { timeout: 15_000 })).toBeTruthy();
  });

  it('asks with the selected ids prepended, so the chosen item is always in the list', async () => {
    const user = userEvent.setup();
    const list = things(3);
    const src = source(list);
    wrap(<Single list={list} fetchPage={src.fetchPage} initial={{ Id: 77, Name: 'Chosen one' }} />);
    const input = screen.getByRole('combobox', { name: /Thing/ }) as HTMLInputElement;
    expect(input.value).toBe('Chosen one');
    await user.click(input);
    await waitFor(() => expect(src.calls.length).toBe(1));
    expect(src.calls[0]).toMatchObject({ PrependItemIdList: [77], Page: 1 });
  });

  it('loads the next page when the list is scrolled to its end', async () => {
    const user = userEvent.setup();
    const list = things(250);
    const src = source(list);
    wrap(<Single list={list} fetchPage={src.fetchPage} />);
    await user.click(screen.getByRole('combobox', { name: /Thing/ }));
    const listbox = await screen.findByRole('listbox');
    await screen.findByRole('option', { name: 'Thing 100' });
    expect(screen.queryByRole('option', { name: 'Thing 101' })).toBeNull();
    Object.defineProperty(listbox, 'scrollHeight', { value: 4000, configurable: true });
    Object.defineProperty(listbox, 'clientHeight', { value: 400, configurable: true });
    listbox.scrollTop = 3300;
    act(() => {
      listbox.dispatchEvent(new Event('scroll'));
    });
    expect(await screen.findByRole('option', { name: 'Thing 101' })).toBeTruthy();
    expect(src.calls.map((c) => c.Page)).toEqual([1, 2]);
  });

  it('a dropdown that is not clearable is required: leaving it empty says so', async () => {
    const user = userEvent.setup();
    const list = things(3);
    const src = source(list);
    wrap(<Single list={list} fetchPage={src.fetchPage} />);
    const input = screen.getByRole('combobox', { name: /Thing/ });
    expect(input.hasAttribute('required')).toBe(true);
    await user.click(input);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
  });

  it('a clearable dropdown is not required and has a clear button', async () => {
    const user = userEvent.setup();
    const list = things(3);
    const src = source(list);
    wrap(<Single list={list} fetchPage={src.fetchPage} clearable initial={list[0]} />);
    const input = screen.getByRole('combobox', { name: /Thing/ });
    expect(input.hasAttribute('required')).toBe(false);
    await user.click(input);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByTestId('chosen').textContent).toBe('none');
  });

  it('offers Select all for more than two items up to half a page, and it picks them all', async () => {
    const user = userEvent.setup();
    const src = source(things(5));
    wrap(<Multi fetchPage={src.fetchPage} />);
    await user.click(screen.getByRole('combobox', { name: /Things/ }));
    await user.click(await screen.findByRole('option', { name: 'Select all' }));
    expect(screen.getByTestId('chosen').textContent).toBe('1,2,3,4,5');
    // All chosen: the row now takes them away again.
    await user.click(screen.getByRole('option', { name: 'Deselect all' }));
    expect(screen.getByTestId('chosen').textContent).toBe('');
  });

  it('has no Select all row for two items or for more than half a page', async () => {
    const user = userEvent.setup();
    const two = source(things(2));
    wrap(<Multi fetchPage={two.fetchPage} />);
    await user.click(screen.getByRole('combobox', { name: /Things/ }));
    await screen.findByRole('option', { name: 'Thing 2' });
    expect(screen.queryByRole('option', { name: 'Select all' })).toBeNull();
    cleanup();
    const many = source(things(11));
    wrap(<Multi fetchPage={many.fetchPage} pageSize={20} />);
    await user.click(screen.getByRole('combobox', { name: /Things/ }));
    await screen.findByRole('option', { name: 'Thing 11' });
    expect(screen.queryByRole('option', { name: 'Select all' })).toBeNull();
  });
});

describe('CustomerDropdown', () => {
  const item = (id: number, name: string, active = true) => ({
    Id: id,
    CustomerNumber: String(10000 + id),
    Name: name,
    IsActive: active,
    DefaultDeliveryAddress: null,
  });

  it('pages 40 customers from customer/Filtered and shows the chosen one by name', async () => {
    const user = userEvent.setup();
    const server = mockFetch((call) => {
      const url = new URL(call.url, 'http://localhost');
      if (url.pathname === '/api2/ServiceProvider/customer/Filtered') {
        const ids = url.searchParams.getAll('PrependItemIdList');
        if (ids.includes('7')) return json(200, { Content: [item(7, 'Fjord Service AS')], TotalCount: 1 });
        return json(200, { Content: [item(3, 'Nordlys AS'), item(4, 'Old Mill', false)], TotalCount: 2 });
      }
      return json(404, { Message: 'no' });
    });
    const onChange = vi.fn();
    const { rerender } = wrap(<CustomerDropdown value={7} onChange={onChange} />);
    const input = (await screen.findByRole('combobox', { name: /Customer/ })) as HTMLInputElement;
    await waitFor(() => expect(input.value).toBe('Fjord Service AS'));
    rerender(
      <QueryClientProvider client={new QueryClient()}>
        <CustomerDropdown value={null} onChange={onChange} />
      </QueryClientProvider>,
    );
    const fresh = await screen.findByRole('combobox', { name: /Customer/ });
    await user.click(fresh);
    const inactive = await screen.findByTestId('dropdown-option-4');
    expect(within(inactive).getByTitle('Inactive')).toBeTruthy();
    const listCall = server.calls
      .map((c) => new URL(c.url, 'http://localhost'))
      .find((u) => !u.searchParams.has('PrependItemIdList'));
    expect(listCall?.searchParams.get('ItemsPerPage')).toBe('40');
    await user.click(screen.getByRole('option', { name: /Nordlys AS/ }));
    expect(onChange).toHaveBeenCalledWith(3, expect.objectContaining({ Name: 'Nordlys AS' }));
  });

  it("says 'Failed to get' when the chosen customer cannot be loaded", async () => {
    mockFetch(() => json(500, { Message: 'Unexpected error. Contact support.' }));
    wrap(<CustomerDropdown value={12} onChange={() => {}} label="Parent customer" clearable />);
    expect(await screen.findByText('Failed to get')).toBeTruthy();
  });
});
