// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, accountServer } from '../../components/user-accounts/test-data.ts';
import {
  fill,
  findDateField,
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  typeDate,
  where,
} from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

describe('accounts list and user page (002 §7.21)', () => {
  it('a Technician sees a staff account read-only with the reason', async () => {
    const server = accountServer([
      account(3, { Name: 'Ada Admin', UserTypeId: 1, CustomerId: null, CustomerName: null }),
    ]);
    renderApp('/customer/user/3', server.handler, bundle(2));
    expect(
      await screen.findByText('Only an administrator may change this account.', {}, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
  });

  it('the accounts list shows each account’s customer and opens the user page', async () => {
    const server = accountServer([account(1, { Name: 'Anna Aktiv' })]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/accounts-list', server.handler);
    const row = await screen.findByTestId('user-row-1', {}, { timeout: 15_000 });
    expect(row.textContent).toContain('Fjord Service AS');
    await user.click(row);
    await waitFor(() => expect(where()).toBe('/customer/user/1'));
  });

  it('the Admin gives a technician skills and a home for the planner: a wrong latitude is refused, a right one saved', async () => {
    const server = accountServer([
      account(5, {
        Name: 'Siri Service',
        UserTypeId: 2,
        CustomerId: null,
        CustomerName: null,
        Skills: ['gas'],
        HomeLatitude: null,
        HomeLongitude: null,
      }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/user/5', server.handler);
    const section = (await screen.findByRole('heading', { name: 'Planning' }, { timeout: 15_000 })).closest(
      'section',
    )!;
    const patches = () =>
      server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body as Record<string, unknown>);
    // A skill typed and Enter: saved at once with the one already there.
    const skills = within(section).getByLabelText('Skills');
    await user.click(skills);
    await user.paste('Electric');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(patches().at(-1)).toMatchObject({ Skills: ['gas', 'Electric'] }));
    expect(await within(section).findByText('Electric')).toBeTruthy();
    // A latitude out of range is refused under the field and not sent.
    const latitude = within(section).getByLabelText('Home latitude') as HTMLInputElement;
    await fill(user, latitude, '123');
    await user.tab();
    expect(
      await within(section).findByText('Must be a latitude from -90 to 90, in decimal degrees.'),
    ).toBeTruthy();
    expect(patches().some((b) => 'HomeLatitude' in b)).toBe(false);
    await fill(user, latitude, '59.9139');
    await user.tab();
    await waitFor(() => expect(patches().at(-1)).toMatchObject({ HomeLatitude: 59.9139 }));
    expect(server.users.get(5)).toMatchObject({ Skills: ['gas', 'Electric'], HomeLatitude: 59.9139 });
  });

  it('the Admin sets a technician’s own working hours: a malformed time or an end before the start refused and not sent, a right one saved', async () => {
    const server = accountServer([
      account(6, {
        Name: 'Eva Early',
        UserTypeId: 2,
        CustomerId: null,
        CustomerName: null,
        WorkStart: null,
        WorkEnd: '14:00',
      }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/user/6', server.handler);
    const section = (await screen.findByRole('heading', { name: 'Planning' }, { timeout: 15_000 })).closest(
      'section',
    )!;
    const patches = () =>
      server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body as Record<string, unknown>);
    const start = within(section).getByLabelText('Working day starts') as HTMLInputElement;
    const end = within(section).getByLabelText('Working day ends') as HTMLInputElement;
    expect([start.value, end.value]).toEqual(['', '14:00']);
    // Empty means the company's hours, which the field says.
    expect(within(section).getAllByText(/^Empty: the company's hours/).length).toBeGreaterThan(0);
    await fill(user, start, '7.30');
    await user.tab();
    expect(await within(section).findByText('Must be a time as hh:mm, for example 07:30.')).toBeTruthy();
    await fill(user, start, '15:00');
    await user.tab();
    expect(await within(section).findByText('The working day must end after it starts.')).toBeTruthy();
    expect(patches().some((b) => 'WorkStart' in b)).toBe(false);
    await fill(user, start, '6:30');
    await user.tab();
    await waitFor(() => expect(patches().at(-1)).toMatchObject({ WorkStart: '06:30' }));
    expect(server.users.get(6)).toMatchObject({ WorkStart: '06:30', WorkEnd: '14:00' });
    // Emptied: none (the company's end again).
    await fill(user, end, '');
    await user.tab();
    await waitFor(() => expect(patches().at(-1)).toMatchObject({ WorkEnd: null }));
  });

  it('the Admin sets a weekday’s own hours and a weekday off: the whole list sent, an end before the usual start refused', async () => {
    const server = accountServer([
      account(7, {
        Name: 'Fay Friday',
        UserTypeId: 2,
        CustomerId: null,
        CustomerName: null,
        WorkStart: '07:00',
      }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/user/7', server.handler);
    const section = (
      await screen.findByRole('heading', { name: 'Weekdays with other hours' }, { timeout: 15_000 })
    ).closest('section')!;
    const patches = () =>
      server.calls.filter((c) => c.method === 'PATCH').map((c) => c.body as Record<string, unknown>);
    const fridayEnds = within(section).getByLabelText('Friday ends') as HTMLInputElement;
    // Before the usual start (07:00) it falls back to: refused, not sent.
    await fill(user, fridayEnds, '06:00');
    await user.tab();
    expect(await within(section).findByText('The working day must end after it starts.')).toBeTruthy();
    expect(patches().some((b) => 'WorkDays' in b)).toBe(false);
    await fill(user, fridayEnds, '12:00');
    await user.tab();
    await waitFor(() =>
      expect(patches().at(-1)).toMatchObject({
        WorkDays: [{ Weekday: 5, Off: false, WorkStart: null, WorkEnd: '12:00' }],
      }),
    );
    await user.click(within(section).getByRole('checkbox', { name: 'Saturday off' }));
    await waitFor(() =>
      expect(patches().at(-1)).toMatchObject({
        WorkDays: [
          { Weekday: 5, Off: false, WorkStart: null, WorkEnd: '12:00' },
          { Weekday: 6, Off: true, WorkStart: null, WorkEnd: null },
        ],
      }),
    );
    // A day off has no times to fill.
    await waitFor(() => expect(within(section).queryByLabelText('Saturday starts')).toBeNull());
  });

  it('the Admin edits a technician’s employment: hours per week checked, then saved', async () => {
    const server = accountServer([
      account(4, { Name: 'Tom Tekniker', UserTypeId: 2, CustomerId: null, CustomerName: null }),
    ]);
    const user = userEvent.setup({ delay: null });
    const saved: unknown[] = [];
    const handler = (req: Req) => {
      if (req.path === 'employment' && req.method === 'GET')
        return json(200, { UserId: 4, UserName: 'Tom Tekniker', WeeklyHours: 37.5, StartDate: null });
      if (req.path === 'employment' && req.method === 'PATCH') {
        saved.push(req.body);
        return json(200, { UserId: 4, UserName: 'Tom Tekniker', WeeklyHours: 30, StartDate: '2026-01-05' });
      }
      return server.handler(req);
    };
    renderApp('/customer/user/4', handler);
    const section = (await screen.findByRole('heading', { name: 'Employment' }, { timeout: 15_000 })).closest(
      'form',
    )!;
    const hours = within(section).getByLabelText('Hours per week') as HTMLInputElement;
    await waitFor(() => expect(hours.value).toBe('37.5'));
    await fill(user, hours, '200');
    await user.click(within(section).getByRole('button', { name: 'Save employment' }));
    expect(await within(section).findByText('Must be from 0 to 168 hours.')).toBeTruthy();
    expect(saved).toEqual([]);
    await fill(user, hours, '30');
    await typeDate(user, await findDateField(section, 'Employed from'), '05012026');
    await user.click(within(section).getByRole('button', { name: 'Save employment' }));
    await waitFor(() => expect(saved).toEqual([{ UserId: 4, WeeklyHours: '30', StartDate: '2026-01-05' }]));
    await waitFor(() => expect(hours.value).toBe('30'));
  });

  it('a Technician sees no employment section on a colleague’s account', async () => {
    const server = accountServer([
      account(5, { Name: 'Kari Kollega', UserTypeId: 2, CustomerId: null, CustomerName: null }),
    ]);
    renderApp('/customer/user/5', server.handler, bundle(2));
    expect(await screen.findByRole('heading', { name: 'Kari Kollega' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Employment' })).toBeNull();
  });

  it('Admin → Accounts → Partners makes a partner account of the partner company chosen', async () => {
    const server = accountServer([]);
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/accounts/partners', (req) =>
      req.path === 'PartnerCompany/list'
        ? json(200, [
            { Id: 3, Name: 'Nordic Partner AS' },
            { Id: 4, Name: 'Fjell Partner AS' },
          ])
        : server.handler(req),
    );
    await user.click(await screen.findByRole('button', { name: 'New user' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Per Partner');
    await user.type(within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'per@partner.test');
    // Without a partner company nothing is sent, and the field says why.
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(server.calls.some((c) => c.path === 'User/add')).toBe(false);

    await user.click(within(dialog).getByRole('combobox', { name: /^Partner company/ }));
    await user.click(await screen.findByRole('option', { name: 'Fjell Partner AS' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(where()).toBe('/customer/user/99'));
    expect(server.calls.filter((c) => c.path === 'User/add').at(-1)?.body).toMatchObject({
      Name: 'Per Partner',
      EmailAdress: 'per@partner.test',
      UserTypeId: 5,
      PartnerCompanyId: 4,
      CustomerId: null,
    });
  });
});
