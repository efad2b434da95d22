// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { customer, listItem } from './test-data.ts';

/** customer/Filtered over `total` customers; every third one inactive. */
function listServer(total: number) {
  return (req: Req) => {
    if (req.path === 'customer/Filtered') {
      const page = Number(req.query.get('Page'));
      const size = Number(req.query.get('ItemsPerPage'));
      const word = req.query.get('SearchWord') ?? '';
      const all = Array.from({ length: total }, (_, i) =>
        listItem(i + 1, { Name: `Customer ${i + 1}`, IsActive: (i + 1) % 3 !== 0 }),
      ).filter((c) => c.Name.includes(word));
      return json(200, { Content: all.slice((page - 1) * size, page * size), TotalCount: all.length });
    }
    if (req.path === 'CustomerGroup/Filtered') return json(200, { Content: [], TotalCount: 0 });
    return undefined;
  };
}

resetAppBetweenTests();

describe('CustomerList', () => {
  it('shows id, name, number and delivery address; inactive customers are greyed with the off icon', async () => {
    renderApp('/customer/list', listServer(4));
    const active = await screen.findByTestId('customer-row-1', {}, { timeout: 15_000 });
    expect(within(active).getByText('Customer 1')).toBeTruthy();
    expect(within(active).getByText('Main site, Storgata 1, 0150 Oslo')).toBeTruthy();
    expect(within(active).getByText('No. 10001')).toBeTruthy();
    expect(within(active).getByText('Id 1')).toBeTruthy();
    expect(within(active).queryByTitle('Inactive')).toBeNull();
    const inactive = screen.getByTestId('customer-row-3');
    expect(within(inactive).getByTitle('Inactive')).toBeTruthy();
    expect(inactive.dataset.inactive).toBe('true');
    expect(active.getAttribute('href')).toBe('/customer/1/details');
    expect(screen.getByText('4 customers')).toBeTruthy();
  });

  it('renders the first 50 and loads the next page at 90 percent scroll, 700 ms later', async () => {
    const { requests } = renderApp('/customer/list', listServer(120));
    await screen.findByTestId('customer-row-50', {}, { timeout: 15_000 });
    expect(screen.queryByTestId('customer-row-51')).toBeNull();
    const pages = () =>
      requests.filter((r) => r.path === 'customer/Filtered').map((r) => r.query.get('Page'));
    expect(pages()).toEqual(['1']);
    const scroller = screen.getByTestId('customer-list-scroll');
    Object.defineProperty(scroller, 'scrollHeight', { value: 5000, configurable: true });
    Object.defineProperty(scroller, 'clientHeight', { value: 500, configurable: true });
    // The list's clock is the test's. At 80 percent nothing loads.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    scroller.scrollTop = 3500;
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(pages()).toEqual(['1']);
    // At 90 percent the next page loads, but not before the 700 ms debounce.
    scroller.scrollTop = 4100;
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    await act(() => vi.advanceTimersByTimeAsync(699));
    expect(pages()).toEqual(['1']);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The answer comes in and the rows show before the timers are real again (the list's updates are
    // timers of the faked clock too).
    for (let i = 0; i < 200 && !screen.queryByTestId('customer-row-51'); i++)
      await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    expect(screen.getByTestId('customer-row-51')).toBeTruthy();
    expect(pages()).toEqual(['1', '2']);
    expect(screen.queryByTestId('customer-row-101')).toBeNull();
    const first = requests.find((r) => r.path === 'customer/Filtered');
    expect(first?.query.get('ItemsPerPage')).toBe('50');
  });

  it('keeps the search word in ?CL-filter-keyword and searches with it', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp('/customer/list?CL-filter-keyword=Customer%201', listServer(12));
    const field = (await screen.findByRole(
      'searchbox',
      { name: 'Search customers' },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(field.value).toBe('Customer 1');
    await screen.findByTestId('customer-row-12');
    expect(screen.queryByTestId('customer-row-2')).toBeNull();
    expect(requests.some((r) => r.query.get('SearchWord') === 'Customer 1')).toBe(true);
    await user.clear(field);
    await user.type(field, 'Customer 2');
    await waitFor(() => expect(where()).toBe('/customer/list?CL-filter-keyword=Customer+2'));
    expect(await screen.findByTestId('customer-row-2')).toBeTruthy();
    expect(screen.queryByTestId('customer-row-12')).toBeNull();
  });

  it('offers New in the standalone assembly to users with Customer.Edit, and creates a customer with an address', async () => {
    const user = userEvent.setup({ delay: null });
    const created: unknown[] = [];
    const base = listServer(2);
    renderApp('/customer/list', (req) => {
      if (req.path === 'customer/' && req.method === 'POST') {
        created.push(req.body);
        return json(200, customer(99, { Name: 'Fjord Service AS' }));
      }
      if (req.path === 'customer/' && req.method === 'GET')
        return json(200, customer(99, { Name: 'Fjord Service AS' }));
      if (req.path.startsWith('customer/99/address')) return json(200, []);
      if (req.path.includes('AllContacts')) return json(200, []);
      return base(req);
    });
    await user.click(await screen.findByRole('button', { name: 'New customer' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(created).toHaveLength(0);
    await fill(user, within(dialog).getByRole('textbox', { name: /^Name/ }), 'Fjord Service AS');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Street' }), 'Storgata 1');
    await fill(user, within(dialog).getByRole('textbox', { name: 'City' }), 'Oslo');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(where()).toBe('/customer/99/details'));
    expect(created[0]).toMatchObject({
      Name: 'Fjord Service AS',
      FreeFromVat: true,
      DefaultDeliveryAddress: { Street: 'Storgata 1', City: 'Oslo' },
    });
  });

  it('has no New button when the ERP owns customers, outside the standalone assembly, or without the permission', async () => {
    renderApp('/customer/list', listServer(2), bundle(1, { erp: { CustomerReadOnly: true } }));
    await screen.findByTestId('customer-row-1', {}, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'New customer' })).toBeNull();
    cleanup();
    renderApp('/customer/list', listServer(2), bundle(1, { erp: { ERPBaseAssembly: 'Visma' } }));
    await screen.findByTestId('customer-row-1', {}, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'New customer' })).toBeNull();
    cleanup();
    // A partner may open the list (Module.Customer) but not create (Customer.Edit).
    renderApp('/customer/list', listServer(2), bundle(5));
    await screen.findByTestId('customer-row-1', {}, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'New customer' })).toBeNull();
    cleanup();
    renderApp('/customer/list', listServer(2), bundle(2));
    expect(await screen.findByRole('button', { name: 'New customer' }, { timeout: 15_000 })).toBeTruthy();
  });
});
