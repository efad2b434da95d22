// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, accountServer } from '../../components/user-accounts/test-data.ts';
import { json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { customer } from './test-data.ts';

/** The account server with customer 5, whose users tab the tests open. */
function customerAccountServer(...args: Parameters<typeof accountServer>) {
  const server = accountServer(...args);
  const handler = (req: Req) =>
    req.path === 'customer/' && req.method === 'GET'
      ? json(200, customer(5, { Name: 'Fjord Service AS' }))
      : server.handler(req);
  return { ...server, handler };
}

resetAppBetweenTests();

describe('customer users tab (002 §7.21)', () => {
  it('lists the customer’s accounts, inactive ones greyed, and opens one beside the list', async () => {
    const server = customerAccountServer([
      account(1, { Name: 'Anna Aktiv' }),
      account(2, { Name: 'Bjørn Borte', IsActive: false }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/5/users', server.handler);
    const row = await screen.findByTestId('user-row-2', {}, { timeout: 15_000 });
    expect(row.getAttribute('data-inactive')).toBe('true');
    expect(within(row).getByTitle('Inactive')).toBeTruthy();
    expect(screen.getByText('2 accounts')).toBeTruthy();
    const filtered = server.calls.find((c) => c.path === 'User/Filtered');
    expect(filtered?.query.get('CustomerId')).toBe('5');
    expect(filtered?.query.get('UserTypeIds')).toBe('4,6');

    await user.click(screen.getByTestId('user-row-1'));
    const panel = await screen.findByTestId('user-account');
    expect(within(panel).getByRole('heading', { name: 'Anna Aktiv' })).toBeTruthy();
    expect(where()).toBe('/customer/5/users/1');
  });

  it('edits a field on blur and sends only that field', async () => {
    const server = customerAccountServer([account(1, { Name: 'Anna Aktiv' })]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/5/users/1', server.handler);
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 15_000 });
    await user.clear(name);
    await user.type(name, 'Anna Andersen{Enter}');
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = server.calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('User/1');
    expect(patch?.body).toEqual({ Name: 'Anna Andersen', RowVersion: 1 });
    expect(await screen.findByRole('heading', { name: 'Anna Andersen' })).toBeTruthy();
  });

  it('deactivating asks first, then greys the account', async () => {
    const server = customerAccountServer([account(1, { Name: 'Anna Aktiv' })]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/5/users/1', server.handler);
    await user.click(await screen.findByRole('switch', { name: 'Active' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deactivate Anna Aktiv?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.getByTestId('user-row-1').getAttribute('data-inactive')).toBe('true'));
    expect(server.calls.filter((c) => c.path === 'User/toggleactive/1')).toHaveLength(1);
  });

  it('a new customer account is made for this customer; a taken e-mail shows under the field', async () => {
    const server = customerAccountServer([]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/5/users', server.handler);
    await user.click(await screen.findByRole('button', { name: 'New user' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThan(0);
    expect(server.calls.some((c) => c.path === 'User/add')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Kari Kunde');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'taken@fjord.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findAllByText('taken@fjord.test is already in use on Ola Opptatt.'),
    ).not.toHaveLength(0);

    const email = within(dialog).getByRole('textbox', { name: /^E-mail/ });
    await user.clear(email);
    await user.type(email, 'kari@fjord.test');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(where()).toBe('/customer/5/users/99'));
    const add = server.calls.filter((c) => c.path === 'User/add').at(-1);
    expect(add?.body).toMatchObject({
      Name: 'Kari Kunde',
      EmailAdress: 'kari@fjord.test',
      UserTypeId: 4,
      CustomerId: 5,
    });
  });
});
