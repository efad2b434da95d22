// @vitest-environment jsdom
import type { UserAccount } from '@fieldport/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokens } from '../../lib/api/token-store.ts';
import {
  bundle,
  customer,
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  stubMatchMedia,
  where,
} from '../customers/test-harness.tsx';

function account(id: number, over: Partial<UserAccount> = {}): UserAccount {
  return {
    Id: id,
    Name: `User ${id}`,
    EmailAdress: `user${id}@fjord.test`,
    UserLogonName: `user${id}@fjord.test`,
    Phone: '',
    UserTypeId: 6,
    DepartmentId: null,
    DepartmentName: null,
    CustomerId: 5,
    CustomerName: 'Fjord Service AS',
    PartnerCompanyId: null,
    PartnerCompanyName: null,
    Uiculture: 'en',
    IsActive: true,
    IsBookable: false,
    IsContactPerson: false,
    CanExport: false,
    CreatedAt: '2026-11-02T09:30:00',
    ...over,
  };
}

/** A scripted server with the accounts of customer 5. */
function accountServer(initial: UserAccount[]) {
  const users = new Map(initial.map((u) => [u.Id, u]));
  const calls: Req[] = [];
  const handler = (req: Req) => {
    calls.push(req);
    if (req.path === 'customer/' && req.method === 'GET')
      return json(200, customer(5, { Name: 'Fjord Service AS' }));
    if (req.path === 'User/Filtered') {
      const word = req.query.get('SearchWord')?.toLowerCase();
      const list = [...users.values()].filter((u) => !word || u.Name.toLowerCase().includes(word));
      return json(200, { Content: list, TotalCount: list.length });
    }
    const get = /^User\/get\/(\d+)$/.exec(req.path);
    if (get) return json(200, users.get(Number(get[1])));
    if (req.path === 'User/add') {
      const body = req.body as Partial<UserAccount>;
      if (body.EmailAdress === 'taken@fjord.test')
        return json(409, {
          Message: 'taken@fjord.test is already in use on Ola Opptatt.',
          Errors: [{ Field: 'EmailAdress', Message: 'taken@fjord.test is already in use on Ola Opptatt.' }],
        });
      const created = account(99, { ...body, CustomerId: body.CustomerId ?? null });
      users.set(99, created);
      return json(200, created);
    }
    const toggle = /^User\/toggleactive\/(\d+)$/.exec(req.path);
    if (toggle) {
      const u = users.get(Number(toggle[1]))!;
      users.set(u.Id, { ...u, IsActive: !u.IsActive });
      return json(200, { Id: u.Id, IsActive: !u.IsActive });
    }
    const change = /^User\/(\d+)$/.exec(req.path);
    if (change && req.method === 'PATCH') {
      const u = { ...users.get(Number(change[1]))!, ...(req.body as Partial<UserAccount>) };
      users.set(u.Id, u);
      return json(200, u);
    }
    return undefined;
  };
  return { handler, calls, users };
}

resetAppBetweenTests();

describe('customer users tab and accounts (002 §7.21)', { timeout: 20_000 }, () => {
  it('lists the customer’s accounts, inactive ones greyed, and opens one beside the list', async () => {
    const server = accountServer([
      account(1, { Name: 'Anna Aktiv' }),
      account(2, { Name: 'Bjørn Borte', IsActive: false }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/5/users', server.handler);
    const row = await screen.findByTestId('user-row-2', {}, { timeout: 5000 });
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
    const server = accountServer([account(1, { Name: 'Anna Aktiv' })]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/5/users/1', server.handler);
    const name = await screen.findByRole('textbox', { name: /^Name/ }, { timeout: 5000 });
    await user.clear(name);
    await user.type(name, 'Anna Andersen{Enter}');
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = server.calls.find((c) => c.method === 'PATCH');
    expect(patch?.path).toBe('User/1');
    expect(patch?.body).toEqual({ Name: 'Anna Andersen' });
    expect(await screen.findByRole('heading', { name: 'Anna Andersen' })).toBeTruthy();
  });

  it('deactivating asks first, then greys the account', async () => {
    const server = accountServer([account(1, { Name: 'Anna Aktiv' })]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/5/users/1', server.handler);
    await user.click(await screen.findByRole('switch', { name: 'Active' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Deactivate Anna Aktiv?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.getByTestId('user-row-1').getAttribute('data-inactive')).toBe('true'));
    expect(server.calls.filter((c) => c.path === 'User/toggleactive/1')).toHaveLength(1);
  });

  it('a new customer account is made for this customer; a taken e-mail shows under the field', async () => {
    const server = accountServer([]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/5/users', server.handler);
    await user.click(await screen.findByRole('button', { name: 'New user' }, { timeout: 5000 }));
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

  it('a Technician sees a staff account read-only with the reason', async () => {
    const server = accountServer([
      account(3, { Name: 'Ada Admin', UserTypeId: 1, CustomerId: null, CustomerName: null }),
    ]);
    renderApp('/customer/user/3', server.handler, bundle(2));
    expect(
      await screen.findByText('Only an administrator may change this account.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
  });

  it('the accounts list shows each account’s customer and opens the user page', async () => {
    const server = accountServer([account(1, { Name: 'Anna Aktiv' })]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/accounts-list', server.handler);
    const row = await screen.findByTestId('user-row-1', {}, { timeout: 5000 });
    expect(row.textContent).toContain('Fjord Service AS');
    await user.click(row);
    await waitFor(() => expect(where()).toBe('/customer/user/1'));
  });
});
