// @vitest-environment jsdom
import type { Customer } from '@fieldport/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearPresence, setPresenceList } from '../../lib/presence.ts';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { address, contact, customer } from './test-data.ts';

/** The signed-in user's id: its own other tabs are never shown as someone else. */
const SELF = 99;

/** A server holding customer 5 (and 9, the holder of number 10009); PATCH changes what it is sent. */
function detailServer(opts: { onPatch?: (body: Record<string, unknown>) => Response | undefined } = {}) {
  let current: Customer = customer(5, { Name: 'Fjord Service AS', CustomerNumber: '10005' });
  const holder = customer(9, { Name: 'Nordlys AS', CustomerNumber: '10009' });
  const patches: Record<string, unknown>[] = [];
  const handler = (req: Req) => {
    if (req.path === 'customer/' && req.method === 'GET') {
      const id = req.query.get('id');
      return id === '5' ? json(200, current) : id === '9' ? json(200, holder) : undefined;
    }
    if (req.path === 'customer/5' && req.method === 'PATCH') {
      const body = req.body as Record<string, unknown>;
      patches.push(body);
      const refused = opts.onPatch?.(body);
      if (refused) return refused;
      current = { ...current, ...body } as Customer;
      return json(200, current);
    }
    if (req.path === 'customer/5/address') return json(200, [address(50, 5)]);
    if (req.path === 'CustomerPerson/Customer/5/AllContacts') return json(200, [contact(70, 5)]);
    if (req.path === 'customer/5/GetActiveState') return json(200, { Id: 5, IsActive: current.IsActive });
    if (req.path === 'customer/5/ToggleActiveState') {
      current = { ...current, IsActive: !current.IsActive };
      return json(200, { Id: 5, IsActive: current.IsActive });
    }
    if (req.path === 'customer/Filtered') return json(200, { Content: [], TotalCount: 0 });
    if (req.path === 'machine/ChangeOwnerAllMachines/From/5/To/9') return json(200, { Count: 3 });
    if (req.path === 'machine/search') return json(200, []);
    return undefined;
  };
  return { handler, patches };
}

const nameField = () =>
  screen.findByRole('textbox', { name: /^Name/ }, { timeout: 15_000 }) as Promise<HTMLInputElement>;

resetAppBetweenTests();

describe('ViewCustomerDetails', () => {
  afterEach(() => clearPresence());

  it('shows who else is on the customer in its header, and nothing when alone', async () => {
    renderApp('/customer/5/details', detailServer().handler);
    const header = await screen.findByTestId('customer-header', {}, { timeout: 15_000 });
    expect(within(header).queryByRole('group')).toBeNull();
    act(() =>
      setPresenceList(
        {
          Key: 'customer:5',
          Users: [{ ConnectionId: 'c1', UserId: 3, Name: 'Kari Nordmann', UserTypeId: 1 }],
        },
        SELF,
      ),
    );
    expect(within(header).getByRole('group', { name: 'Also viewing: Kari Nordmann' }).textContent).toBe('KN');
    act(() => setPresenceList({ Key: 'customer:9', Users: [] }, SELF));
    expect(within(header).queryByRole('group')).toBeNull();
  });

  it('commits a changed input on blur, and only a changed one', async () => {
    const user = userEvent.setup({ delay: null });
    const server = detailServer();
    renderApp('/customer/5/details', server.handler);
    const name = await nameField();
    expect(name.value).toBe('Fjord Service AS');
    expect(name.required).toBe(true);
    // Focus and leave without a change: nothing is sent.
    await user.click(name);
    await user.tab();
    expect(server.patches).toEqual([]);
    await fill(user, name, 'Fjord Service Nord AS');
    expect(server.patches).toEqual([]);
    await user.tab();
    await waitFor(() => expect(server.patches).toEqual([{ Name: 'Fjord Service Nord AS', RowVersion: 1 }]));
    expect(await screen.findByTestId('customer-name')).toHaveProperty('textContent', 'Fjord Service Nord AS');
  });

  it('Escape puts the saved value back and sends nothing; Enter commits', async () => {
    const user = userEvent.setup({ delay: null });
    const server = detailServer();
    renderApp('/customer/5/details', server.handler);
    const org = (await screen.findByRole(
      'textbox',
      { name: 'Organisation number' },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    await user.type(org, '998877');
    await user.keyboard('{Escape}');
    expect(org.value).toBe('');
    expect(document.activeElement).not.toBe(org);
    expect(server.patches).toEqual([]);
    // The one change sent is Enter's, on the version read: Escape sent nothing before it.
    await user.type(org, '912345678{Enter}');
    await waitFor(() => expect(server.patches).toEqual([{ OrganisationNumber: '912345678', RowVersion: 1 }]));
    expect(document.activeElement).not.toBe(org);
  });

  it('an invalid value shows its message and is not sent', async () => {
    const user = userEvent.setup({ delay: null });
    const server = detailServer();
    renderApp('/customer/5/details', server.handler);
    const name = await nameField();
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    const credit = screen.getByRole('textbox', { name: 'Credit limit' });
    await user.type(credit, '12a');
    await user.tab();
    expect(await screen.findByText('Must be a valid number or decimal.')).toBeTruthy();
    expect(server.patches).toEqual([]);
  });

  it("a taken customer number shows the server's 'already in use on' message and offers the merge", async () => {
    const user = userEvent.setup({ delay: null });
    const message = '10009 is already in use on Nordlys AS.';
    const server = detailServer({
      onPatch: (body) =>
        body.CustomerNumber === '10009'
          ? json(409, {
              Message: message,
              Errors: [{ Field: 'CustomerNumber', Message: message }],
              MergeCandidateId: 9,
            })
          : undefined,
    });
    const { requests } = renderApp('/customer/5/details', server.handler);
    const number = (await screen.findByRole(
      'textbox',
      { name: /^Customer number/ },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    await fill(user, number, '10009');
    await user.tab();
    const offer = await screen.findByTestId('merge-offer');
    // The message under the field (and in the snackbar).
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(within(offer).getByRole('button', { name: 'Open Nordlys AS' })).toBeTruthy();
    await user.click(within(offer).getByRole('button', { name: 'Move all machines to Nordlys AS' }));
    const confirm = await screen.findByRole('dialog');
    expect(
      within(confirm).getByText(
        'Every machine of Fjord Service AS moves to Nordlys AS. This cannot be undone.',
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Move all machines' }));
    await waitFor(() => expect(where()).toBe('/customer/9/machines'));
    expect(
      requests.some((r) => r.method === 'POST' && r.path === 'machine/ChangeOwnerAllMachines/From/5/To/9'),
    ).toBe(true);
  });

  it('the active toggle reads the state, flips it, and the customer shows greyed with the off icon', async () => {
    const user = userEvent.setup({ delay: null });
    const server = detailServer();
    const { requests } = renderApp('/customer/5/details', server.handler);
    const active = (await screen.findByRole(
      'switch',
      { name: 'Active' },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(active.checked).toBe(true);
    expect(screen.getByTestId('customer-header').dataset.inactive).toBe('false');
    await user.click(active);
    await waitFor(() => expect(screen.getByTestId('customer-header').dataset.inactive).toBe('true'));
    expect(within(screen.getByTestId('customer-header')).getAllByTitle('Inactive').length).toBeGreaterThan(0);
    const order = requests.filter((r) => r.path.includes('ActiveState')).map((r) => r.path);
    expect(order).toEqual(['customer/5/GetActiveState', 'customer/5/ToggleActiveState']);
    expect(screen.queryByRole('switch', { name: 'Public' })).toBeNull();
  });

  it('the public toggle shows only with the public portal feature', async () => {
    const server = detailServer();
    renderApp(
      '/customer/5/details',
      (req) =>
        req.path === 'customer/5/GetPublicState' ? json(200, { Id: 5, IsPublic: true }) : server.handler(req),
      bundle(1, { features: { PublicPortalEnabled: true } }),
    );
    const pub = (await screen.findByRole(
      'switch',
      { name: 'Public' },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    await waitFor(() => expect(pub.checked).toBe(true));
  });

  it('the Admin switches the customer’s label fault reports off, only while the label feature is on', async () => {
    const user = userEvent.setup({ delay: null });
    const server = detailServer();
    renderApp('/customer/5/details', server.handler, bundle(1, { features: { LabelReportsEnabled: true } }));
    const labels = (await screen.findByRole(
      'switch',
      { name: 'Fault reports from QR labels' },
      { timeout: 15_000 },
    )) as HTMLInputElement;
    expect(labels.checked).toBe(true);
    await user.click(labels);
    await waitFor(() => expect(server.patches).toEqual([{ LabelReportsEnabled: false, RowVersion: 1 }]));
    await waitFor(() => expect(labels.checked).toBe(false));
  });

  it('shows no label switch to a technician, nor with the label feature off', async () => {
    const server = detailServer();
    renderApp('/customer/5/details', server.handler, bundle(2, { features: { LabelReportsEnabled: true } }));
    await screen.findByRole('switch', { name: 'Active' }, { timeout: 15_000 });
    expect(screen.queryByRole('switch', { name: 'Fault reports from QR labels' })).toBeNull();
    cleanup();
    renderApp('/customer/5/details', server.handler, bundle(1));
    await screen.findByRole('switch', { name: 'Active' }, { timeout: 15_000 });
    expect(screen.queryByRole('switch', { name: 'Fault reports from QR labels' })).toBeNull();
  });

  it('the partner company is chosen from the partner companies and saved at once', async () => {
    const user = userEvent.setup({ delay: null });
    const server = detailServer();
    renderApp('/customer/5/details', (req) =>
      req.path === 'PartnerCompany/Filtered'
        ? json(200, {
            Content: [
              {
                Id: 3,
                Name: 'Nordlys Partner AS',
                OrganisationNumber: '',
                Email: '',
                Phone: '',
                IsActive: true,
                CustomerCount: 0,
                UserCount: 0,
              },
            ],
            TotalCount: 1,
          })
        : server.handler(req),
    );
    const box = await screen.findByRole('combobox', { name: 'Partner company' }, { timeout: 15_000 });
    await user.click(box);
    await user.click(await screen.findByRole('option', { name: /Nordlys Partner AS/ }));
    await waitFor(() => expect(server.patches).toEqual([{ PartnerCompanyId: 3 }]));
  });

  it('without the partner portal licence there is no partner company', async () => {
    const server = detailServer();
    const info = bundle(1);
    info.Licences.PartnerPortal = false;
    renderApp('/customer/5/details', server.handler, info);
    await nameField();
    expect(screen.queryByRole('combobox', { name: 'Partner company' })).toBeNull();
  });

  it('when the ERP owns customers the fields are read-only with the refusal text', async () => {
    const user = userEvent.setup({ delay: null });
    const server = detailServer();
    renderApp(
      '/customer/5/details',
      server.handler,
      bundle(1, { erp: { ERPBaseAssembly: 'Visma', ERPFriendlyName: 'Visma', CustomerReadOnly: true } }),
    );
    expect(
      await screen.findByText(
        'Visma does not allow servicesystem to change this customer...',
        {},
        { timeout: 15_000 },
      ),
    ).toBeTruthy();
    const name = await nameField();
    expect(name.readOnly).toBe(true);
    await user.type(name, 'x');
    await user.tab();
    expect(server.patches).toEqual([]);
  });

  it('ERP addresses (ids below 0) cannot be edited', async () => {
    const user = userEvent.setup({ delay: null });
    const server = detailServer();
    renderApp('/customer/5/details', (req) =>
      req.path === 'customer/5/address'
        ? json(200, [address(-4, 5, { DisplayName: 'ERP depot', IsReadOnly: true }), address(50, 5)])
        : server.handler(req),
    );
    await user.click(
      await screen.findByRole('button', { name: 'View address ERP depot' }, { timeout: 15_000 }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Fieldport does not allow servicesystem to change this address...'),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect((within(dialog).getByRole('textbox', { name: 'Street' }) as HTMLInputElement).readOnly).toBe(true);
  });
});
