// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Call } from '../../lib/api/test-fetch.ts';
import MachineInfoPage from './pages/MachineInfoPage.tsx';
import { address, customer, machine } from './test-data.ts';
import { bodyOf, fakeServer, png, renderPage } from './test-utils.tsx';

const PATH = '/pim/machine-list/:machineId/info';
const URL7 = '/pim/machine-list/7/info';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server of one machine: its record, changes, the customers and addresses to move it to. */
function machineServer(opts: { transfer?: (call: Call) => Response } = {}) {
  let current = machine(7, { Name: 'Heat pump A', SerialNumber: 'HP-001' });
  const server = fakeServer({
    'GET machine/7': () => Response.json(current),
    'PATCH machine': (call) => {
      const body = bodyOf(call);
      if (body.Name === 'Taken')
        return Response.json(
          { Message: 'Refused.', Errors: [{ Field: 'Name', Message: 'No, not that.' }] },
          { status: 400 },
        );
      current = { ...current, ...body };
      return Response.json(current);
    },
    'GET customer/10/address': () => Response.json([address(20, 10, 'Quay', true)]),
    'GET customer/12/address': () => Response.json([address(44, 12, 'Plant', true)]),
    'GET customer/Filtered': () =>
      Response.json({ Content: [customer(10, 'Fjord Fisk AS'), customer(12, 'Oslo Dairy')], TotalCount: 2 }),
    'POST machine/changeOwner/7': (call) => {
      const answer = opts.transfer?.(call);
      if (answer && !answer.ok) return answer;
      current = { ...current, CustomerId: 12, CustomerName: 'Oslo Dairy', DeliveryAddressId: 44 };
      return Response.json(current);
    },
    'GET Log/MachineLogs/Filtered': () => Response.json({ Content: [], TotalCount: 0 }),
    'GET resource/ConvertUrlToQrCodeImage': () => png(),
  });
  return server;
}

const patches = (calls: Call[]) => calls.filter((c) => c.method === 'PATCH' && c.url.endsWith('/machine'));

describe('machine info: edit on blur', () => {
  it('saves a field when it loses focus changed and valid; Escape cancels, Enter leaves the field', async () => {
    const server = machineServer();
    await renderPage(<MachineInfoPage />, { url: URL7, path: PATH });
    const user = userEvent.setup();
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    expect(name.required).toBe(true);
    // The asterisk of a required input.
    expect(name.labels?.[0]?.textContent).toMatch(/Name\s*\*/);
    expect(name.value).toBe('Heat pump A');

    // Unchanged: leaving the field saves nothing.
    await user.click(name);
    await user.tab();
    expect(patches(server.calls)).toHaveLength(0);

    // Escape puts the saved text back and saves nothing.
    await user.click(name);
    await user.clear(name);
    await user.type(name, 'Something else{Escape}');
    expect(name.value).toBe('Heat pump A');
    expect(document.activeElement).not.toBe(name);
    expect(patches(server.calls)).toHaveLength(0);

    // Empty is an error: shown, not saved.
    await user.click(name);
    await user.clear(name);
    await user.tab();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(patches(server.calls)).toHaveLength(0);

    // Enter leaves the field and so saves the change.
    await user.click(name);
    await user.type(name, 'Heat pump B{Enter}');
    expect(document.activeElement).not.toBe(name);
    await waitFor(() => expect(patches(server.calls)).toHaveLength(1));
    expect(bodyOf(patches(server.calls)[0]!)).toEqual({ Id: 7, Name: 'Heat pump B', RowVersion: 1 });
    expect(await screen.findByRole('heading', { name: 'Heat pump B' })).toBeTruthy();
    expect(await screen.findByText('Saved')).toBeTruthy();

    // Serial number by blur.
    const serial = screen.getByRole('textbox', { name: 'Serial number' });
    await user.clear(serial);
    await user.type(serial, 'HP-002');
    await user.tab();
    await waitFor(() => expect(patches(server.calls)).toHaveLength(2));
    expect(bodyOf(patches(server.calls)[1]!)).toEqual({ Id: 7, SerialNumber: 'HP-002', RowVersion: 1 });
  });

  it("keeps a refused text with the server's message under the field", async () => {
    machineServer();
    await renderPage(<MachineInfoPage />, { url: URL7, path: PATH });
    const user = userEvent.setup();
    const name = (await screen.findByRole('textbox', { name: 'Name' })) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Taken');
    await user.tab();
    expect(await screen.findByText('No, not that.')).toBeTruthy();
    expect(name.value).toBe('Taken');
    expect(screen.getByRole('heading', { name: 'Heat pump A' })).toBeTruthy();
  });
});

describe('machine transfer dialog', () => {
  async function openTransfer() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move to customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the machine to another customer' });
    await user.click(within(dialog).getByRole('combobox', { name: 'New customer' }));
    // The machine's own customer is not offered.
    await screen.findByRole('option', { name: /Oslo Dairy/ });
    expect(screen.queryByRole('option', { name: /Fjord Fisk/ })).toBeNull();
    await user.click(screen.getByRole('option', { name: /Oslo Dairy/ }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Delivery address' }).textContent).toContain(
        'Plant',
      ),
    );
    return { user, dialog };
  }

  it('stays open with the message when the move fails', async () => {
    const server = machineServer({
      transfer: () => Response.json({ Message: 'The customer Oslo Dairy is inactive.' }, { status: 400 }),
    });
    await renderPage(<MachineInfoPage />, { url: URL7, path: PATH });
    const { user, dialog } = await openTransfer();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The customer Oslo Dairy is inactive.',
    );
    expect(screen.getByRole('dialog', { name: 'Move the machine to another customer' })).toBeTruthy();
    const move = server.calls.find((c) => c.url.endsWith('machine/changeOwner/7'))!;
    expect(bodyOf(move)).toEqual({ CustomerId: 12, DeliveryAddressId: 44 });
    // The machine still shows its old owner.
    expect(screen.getByTestId('machine-customer').textContent).toBe('Fjord Fisk AS');
  });

  it('closes on success and shows the new owner', async () => {
    machineServer();
    await renderPage(<MachineInfoPage />, { url: URL7, path: PATH });
    const { user, dialog } = await openTransfer();
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('machine-customer').textContent).toBe('Oslo Dairy');
    expect(await screen.findByText('The machine was moved.')).toBeTruthy();
  });

  it('asks for a customer before moving', async () => {
    const server = machineServer();
    await renderPage(<MachineInfoPage />, { url: URL7, path: PATH });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Move to customer' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(server.calls.some((c) => c.url.includes('changeOwner'))).toBe(false);
  });
});

describe('machine info: the QR label', () => {
  it('gives the label a new link after a confirm, so the printed one stops working, and draws the new one', async () => {
    let current = machine(7, { Name: 'Heat pump A', Qrcode: 'FPM100001', RowVersion: 4 });
    let token = 'a'.repeat(64);
    const server = fakeServer({
      'GET machine/7': () => Response.json(current),
      'PATCH machine': (call) => {
        if (bodyOf(call).NewLabelLink === true) token = 'b'.repeat(64);
        current = { ...current, RowVersion: current.RowVersion + 1 };
        return Response.json(current);
      },
      'GET qr/Link/FPM100001': () =>
        Response.json({
          Link: `https://fp.example/label/${token}`,
          MachineId: 7,
          MachineName: 'Heat pump A',
        }),
      'GET Log/MachineLogs/Filtered': () => Response.json({ Content: [], TotalCount: 0 }),
      'GET resource/ConvertUrlToQrCodeImage': () => png(),
    });
    await renderPage(<MachineInfoPage />, { url: URL7, path: PATH });
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'QR code' });
    const images = () =>
      server.calls
        .filter((c) => c.url.includes('ConvertUrlToQrCodeImage'))
        .map((c) => decodeURIComponent(c.url));
    await waitFor(() => expect(images().some((u) => u.includes('a'.repeat(64)))).toBe(true));

    // Cancel changes nothing.
    await user.click(within(card).getByRole('button', { name: 'New label link' }));
    let dialog = await screen.findByRole('dialog', { name: "Replace the label's link?" });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patches(server.calls)).toHaveLength(0);

    await user.click(within(card).getByRole('button', { name: 'New label link' }));
    dialog = await screen.findByRole('dialog', { name: "Replace the label's link?" });
    expect(dialog.textContent).toContain('The printed label of this machine stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Replace the link' }));
    await waitFor(() => expect(patches(server.calls)).toHaveLength(1));
    expect(bodyOf(patches(server.calls)[0]!)).toEqual({ Id: 7, NewLabelLink: true, RowVersion: 4 });
    // The label's image is drawn again from the new link.
    await waitFor(() => expect(images().some((u) => u.includes('b'.repeat(64)))).toBe(true));
  });
});
