// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import MachineListPage from './pages/MachineListPage.tsx';
import { listItem, machine } from './test-data.ts';
import { bodyOf, bundle, fakeServer, renderPage, where } from './test-utils.tsx';

const PATH = '/pim/machine-list';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('machine list', () => {
  it('shows name, serial number, model and customer, and greys an inactive machine (at AA contrast) with the off icon', async () => {
    fakeServer({
      'POST Machine/Filtered': () =>
        Response.json({
          Content: [
            listItem(1, { Name: 'Heat pump A', SerialNumber: 'HP-001' }),
            listItem(2, {
              Name: 'Old compressor',
              SerialNumber: 'OC-9',
              IsActive: false,
              CustomerName: 'Bergen Bakeri',
            }),
          ],
          TotalCount: 2,
        }),
    });
    await renderPage(<MachineListPage />, { url: PATH, path: PATH });

    const active = await screen.findByTestId('machine-row-1');
    expect(active.textContent).toContain('Heat pump A');
    expect(active.textContent).toContain('HP-001');
    expect(active.textContent).toContain('Hydro 200');
    expect(active.textContent).toContain('Fjord Fisk AS');
    expect(within(active).queryByRole('img', { name: 'Inactive' })).toBeNull();
    // The theme's text colours: primary for an active machine, secondary (AA on the page) for an inactive one.
    expect(getComputedStyle(active).color).toBe('rgba(0, 0, 0, 0.87)');

    const inactive = screen.getByTestId('machine-row-2');
    expect(inactive.textContent).toContain('Old compressor');
    expect(inactive.textContent).toContain('Bergen Bakeri');
    expect(within(inactive).getByRole('img', { name: 'Inactive' })).toBeTruthy();
    expect(getComputedStyle(inactive).color).toBe('rgba(0, 0, 0, 0.6)');
    expect(screen.getByText('2 machines')).toBeTruthy();
    // A row opens the machine.
    expect(inactive.getAttribute('href')).toBe('/pim/machine-list/2/info');
  });

  it('asks for 50 machines a page, inactive ones included, and searches by the ML-filter-keyword query', async () => {
    const server = fakeServer({
      'POST Machine/Filtered': (call) => {
        const body = bodyOf(call);
        const items =
          body.SearchWord === 'pump' ? [listItem(7, { Name: 'Pump 7' })] : [listItem(1), listItem(2)];
        return Response.json({ Content: items, TotalCount: items.length });
      },
    });
    await renderPage(<MachineListPage />, { url: `${PATH}?ML-filter-keyword=pump`, path: PATH });

    expect(await screen.findByTestId('machine-row-7')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search machines' }) as HTMLInputElement).value).toBe(
      'pump',
    );
    const first = bodyOf(server.calls.find((c) => c.url.endsWith('Machine/Filtered'))!);
    expect(first).toMatchObject({ Page: 1, ItemsPerPage: 50, IncludeInactive: true, SearchWord: 'pump' });

    // Two characters are not searched (001 §5): the whole list shows, with the hint.
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search machines' });
    await user.clear(search);
    await user.type(search, 'pu');
    expect(await screen.findByText('Type three characters to search')).toBeTruthy();
    expect(await screen.findByTestId('machine-row-1', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('machine-row-7')).toBeNull();
    expect(where()).toBe(`${PATH}?ML-filter-keyword=pu`);
  });

  it('loads the next page only after scrolling to 90 percent, 700 ms after the scroll', async () => {
    const pages: number[] = [];
    fakeServer({
      'POST Machine/Filtered': (call) => {
        const { Page } = bodyOf(call) as { Page: number };
        pages.push(Page);
        const start = (Page - 1) * 50;
        return Response.json({
          Content: Array.from({ length: 50 }, (_, i) => listItem(start + i + 1)),
          TotalCount: 120,
        });
      },
    });
    await renderPage(<MachineListPage />, { url: PATH, path: PATH });
    expect(await screen.findByTestId('machine-row-50')).toBeTruthy();
    expect(screen.queryByTestId('machine-row-51')).toBeNull();

    const scroller = screen.getByTestId('machine-list');
    Object.defineProperty(scroller, 'clientHeight', { value: 500, configurable: true });
    Object.defineProperty(scroller, 'scrollHeight', { value: 5000, configurable: true });
    // The list's clock is the test's. At half way nothing more loads.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    scroller.scrollTop = 2000;
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    await act(() => vi.advanceTimersByTimeAsync(800));
    expect(pages).toEqual([1]);

    // At 90 percent the next page loads, but not before the 700 ms debounce.
    scroller.scrollTop = 4100;
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    await act(() => vi.advanceTimersByTimeAsync(699));
    expect(pages).toEqual([1]);
    await act(() => vi.advanceTimersByTimeAsync(1));
    // The answer comes in and the rows show before the timers are real again (the list's updates are
    // timers of the faked clock too).
    for (let i = 0; i < 200 && !screen.queryByTestId('machine-row-51'); i++)
      await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    expect(screen.getByTestId('machine-row-51')).toBeTruthy();
    expect(pages).toEqual([1, 2]);
  });

  it('offers New by permission and creates a machine for a customer', async () => {
    const created = machine(31, { Name: 'Boiler X', CustomerId: 12, CustomerName: 'Oslo Dairy' });
    const server = fakeServer({
      'POST Machine/Filtered': () => Response.json({ Content: [], TotalCount: 0 }),
      'GET customer/Filtered': () =>
        Response.json({
          Content: [
            {
              Id: 12,
              CustomerNumber: '1012',
              Name: 'Oslo Dairy',
              IsActive: true,
              DefaultDeliveryAddress: null,
            },
          ],
          TotalCount: 1,
        }),
      'GET customer/12/address': () =>
        Response.json([
          {
            Id: 44,
            CustomerId: 12,
            Name: 'Plant',
            DisplayName: 'Plant, Dairy road 1, 0150 Oslo',
            Street: 'Dairy road 1',
            Zip: '0150',
            City: 'Oslo',
            County: '',
            Country: 'NO',
            Latitude: null,
            Longitude: null,
            IsDelivery: true,
            IsInvoice: false,
            IsDefault: true,
            IsReadOnly: false,
          },
        ]),
      'POST machine': () => Response.json(created),
    });
    await renderPage(<MachineListPage />, { url: PATH, path: PATH });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New machine' }));
    const dialog = await screen.findByRole('dialog', { name: 'New machine' });

    // Name is required.
    await user.click(within(dialog).getByRole('button', { name: 'Create machine' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(server.calls.some((c) => c.method === 'POST' && c.url.endsWith('/machine'))).toBe(false);

    await user.click(within(dialog).getByRole('combobox', { name: 'Customer' }));
    await user.click(await screen.findByRole('option', { name: /Oslo Dairy/ }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Boiler X');
    await user.type(within(dialog).getByRole('textbox', { name: 'Serial number' }), 'BX-1');
    // The customer's default delivery address is taken.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Delivery address' }).textContent).toContain(
        'Plant',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create machine' }));

    await waitFor(() => expect(where()).toBe('/pim/machine-list/31/info'));
    const post = server.calls.find((c) => c.method === 'POST' && c.url.endsWith('/machine'))!;
    expect(bodyOf(post)).toMatchObject({
      CustomerId: 12,
      Name: 'Boiler X',
      SerialNumber: 'BX-1',
      DeliveryAddressId: 44,
      MachineModelId: null,
    });
  });

  it('has no New button for a user type without the Machine.Edit permission', async () => {
    fakeServer(
      { 'POST Machine/Filtered': () => Response.json({ Content: [listItem(1)], TotalCount: 1 }) },
      bundle(5 /* partner */),
    );
    await renderPage(<MachineListPage />, { url: PATH, path: PATH });
    expect(await screen.findByTestId('machine-row-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New machine' })).toBeNull();
  });
});
