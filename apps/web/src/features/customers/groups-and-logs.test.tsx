// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { customer } from './test-data.ts';

resetAppBetweenTests();

describe('customer groups', () => {
  const groups = (req: Req) => {
    if (req.path === 'CustomerGroup/Filtered')
      return json(200, {
        Content: [{ Id: 3, Name: 'Industry', ImagePath: null, CustomerCount: 12 }],
        TotalCount: 1,
      });
    return undefined;
  };

  it('lists the groups with id and customer count; New is for administrators', async () => {
    renderApp('/customer/group-list', groups);
    const row = await screen.findByTestId('customer-group-row-3', {}, { timeout: 15_000 });
    expect(within(row).getByText('Industry')).toBeTruthy();
    expect(within(row).getByText('Id 3 · 12 customers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New customer group' }).getAttribute('href')).toBe(
      '/customer/group-list/info',
    );
    cleanup();
    renderApp('/customer/group-list', groups, bundle(2));
    await screen.findByTestId('customer-group-row-3', {}, { timeout: 15_000 });
    expect(screen.queryByRole('link', { name: 'New customer group' })).toBeNull();
  });

  it('refuses other images than png and jpeg, and shows a taken id under the field', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const sent: FormData[] = [];
    const { server } = renderApp('/customer/group-list/info', () => undefined);
    server.fn.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/userinfo')) return json(200, bundle());
      if (url.pathname === '/api2/ServiceProvider/CustomerGroup/' && init?.method === 'POST') {
        sent.push(init.body as FormData);
        const message = '3 is already in use on Industry.';
        return json(409, { Message: message, Errors: [{ Field: 'Id', Message: message }] });
      }
      return json(404, { Message: 'no' });
    });
    const image = await screen.findByLabelText('Group image', {}, { timeout: 15_000 });
    await user.upload(image, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Image upload accepts png and jpeg only.')).toBeTruthy();
    await user.upload(
      image,
      new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' }),
    );
    expect(screen.queryByText('Image upload accepts png and jpeg only.')).toBeNull();
    await fill(user, screen.getByRole('textbox', { name: 'Group id' }), '3');
    await fill(user, screen.getByRole('textbox', { name: /^Group name/ }), 'Shipping');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('3 is already in use on Industry.')).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Group id' }).getAttribute('aria-invalid')).toBe('true');
    const form = sent[0] as FormData;
    expect(form.get('ImageFile')).toBeInstanceOf(Blob);
    const part = form.get('CustomerGroup') as Blob;
    expect(JSON.parse(await part.text())).toEqual({ Id: 3, Name: 'Shipping', RemoveImage: false });
    expect(where()).toBe('/customer/group-list/info');
  });

  it('a change sends the row version read; one saved meanwhile by someone else is refused with its message', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: FormData[] = [];
    const { server } = renderApp('/customer/group-list/3/info', () => undefined);
    server.fn.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/userinfo')) return json(200, bundle());
      if (url.pathname === '/api2/ServiceProvider/CustomerGroup/3')
        return json(200, { Id: 3, Name: 'Industry', ImagePath: null, CustomerCount: 0, RowVersion: 7 });
      if (url.pathname === '/api2/ServiceProvider/CustomerGroup/' && init?.method === 'PATCH') {
        sent.push(init.body as FormData);
        return json(409, { Message: 'Someone else has changed this record. Read it again.' });
      }
      if (url.pathname.endsWith('/Filtered')) return json(200, { Content: [], TotalCount: 0 });
      return json(404, { Message: 'no' });
    });
    const name = await screen.findByRole('textbox', { name: /^Group name/ }, { timeout: 15_000 });
    await fill(user, name, 'Heavy industry');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else has changed this record. Read it again.')).toBeTruthy();
    const part = (sent[0] as FormData).get('CustomerGroup') as Blob;
    expect(JSON.parse(await part.text())).toEqual({
      Id: 3,
      Name: 'Heavy industry',
      RemoveImage: false,
      RowVersion: 7,
    });
  });
});

describe('customer logs', () => {
  it('shows time, user and what changed, newest first', async () => {
    renderApp('/customer/5/logs', (req) => {
      if (req.path === 'customer/') return json(200, customer(5, { Name: 'Fjord Service AS' }));
      if (req.path === 'Log/CustomerLogs/Filtered') {
        expect(req.query.get('CustomerId')).toBe('5');
        return json(200, {
          Content: [
            {
              Id: 2,
              CustomerId: 5,
              MachineId: null,
              Entity: 'Customer',
              EntityId: 5,
              Action: 'Change',
              Description: 'Fjord Service AS',
              Changes: [{ Field: 'IsActive', OldValue: 'true', NewValue: 'false' }],
              UserId: 1,
              UserName: 'Ada Admin',
              Created: '2026-11-21T13:11:00',
            },
          ],
          TotalCount: 1,
        });
      }
      return undefined;
    });
    const row = await screen.findByTestId('customer-log-row-2', {}, { timeout: 15_000 });
    expect(within(row).getByText('Customer Fjord Service AS: changed')).toBeTruthy();
    expect(within(row).getByText(/21\.11-2026 13:11 · Ada Admin/)).toBeTruthy();
    expect(within(row).getByText('Active: Yes → No')).toBeTruthy();
    await waitFor(() => expect(row.getAttribute('href')).toBe('/customer/5/logs/2'));
  });
});
