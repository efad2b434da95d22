// @vitest-environment jsdom
import type { Contact } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { address, contact, customer } from './test-data.ts';

function contactServer() {
  let saved: Contact = contact(70, 5);
  const added: unknown[] = [];
  const updates: Record<string, unknown>[] = [];
  const handler = (req: Req) => {
    if (req.path === 'customer/' && req.method === 'GET')
      return json(200, customer(5, { Name: 'Fjord Service AS' }));
    if (req.path === 'customer/5/address') return json(200, [address(50, 5)]);
    if (req.path === 'CustomerPerson/Customer/5/AllContacts') return json(200, [saved]);
    if (req.path === 'CustomerPerson/Customer/contact/70') return json(200, saved);
    if (req.path === 'CustomerPerson/customer/5/contact/add') {
      added.push(req.body);
      return json(200, contact(71, 5, req.body as Partial<Contact>));
    }
    if (req.path === 'CustomerPerson/customer/5/contact/70/update') {
      updates.push(req.body as Record<string, unknown>);
      saved = { ...saved, ...(req.body as Partial<Contact>) };
      return json(200, saved);
    }
    if (req.path === 'customer/Filtered') return json(200, { Content: [], TotalCount: 0 });
    return undefined;
  };
  return { handler, added, updates };
}

resetAppBetweenTests();

describe('contacts (001 §5)', () => {
  it('a new contact needs a name, a valid e-mail and a valid mobile; the switches wait for edit mode', async () => {
    const user = userEvent.setup({ delay: null });
    const server = contactServer();
    renderApp('/customer/5/details', server.handler);
    await user.click(await screen.findByRole('button', { name: 'Add contact' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('E-mail is required')).toBeTruthy();
    expect(within(dialog).getByText('Phone number is required')).toBeTruthy();
    expect(server.added).toEqual([]);

    await fill(user, within(dialog).getByRole('textbox', { name: /^Contact name/ }), 'Ola Nordmann');
    await fill(user, within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'ola@');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Mobile/ }), '9123 abc');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Fixed phone' }), 'x1');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Invalid E-mail address')).toBeTruthy();
    expect(within(dialog).getAllByText('Phone number cant contain letters')).toHaveLength(2);
    expect(server.added).toEqual([]);

    // Active on by default; SMS and e-mail permissions only once the contact exists.
    expect((within(dialog).getByRole('switch', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('switch', { name: 'SMS allowed' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(
      (within(dialog).getByRole('switch', { name: 'E-mail allowed' }) as HTMLInputElement).disabled,
    ).toBe(true);

    await fill(user, within(dialog).getByRole('textbox', { name: /^E-mail/ }), 'ola@fjord.test');
    await fill(user, within(dialog).getByRole('textbox', { name: /^Mobile/ }), '+47 912 34 567');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Fixed phone' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(server.added).toEqual([
        {
          Name: 'Ola Nordmann',
          Email: 'ola@fjord.test',
          Mobile: '+47 912 34 567',
          FixedPhone: '',
          IsActive: true,
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the contact page edits one contact: inputs commit on blur, invalid ones are not sent, the switches work', async () => {
    const user = userEvent.setup({ delay: null });
    const server = contactServer();
    renderApp('/customer/5/details', server.handler);
    await user.click(await screen.findByTestId('contact-row-70', {}, { timeout: 15_000 }));
    await waitFor(() => expect(where()).toBe('/customer/5/contact/70'));
    const editor = await screen.findByTestId('contact-editor');
    const email = within(editor).getByRole('textbox', { name: /^E-mail/ }) as HTMLInputElement;
    expect(email.value).toBe('kari@fjord.test');
    await fill(user, email, 'kari.fjord.test');
    await user.tab();
    expect(await within(editor).findByText('Invalid E-mail address')).toBeTruthy();
    expect(server.updates).toEqual([]);
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await user.keyboard('{Escape}');
    expect(email.value).toBe('kari@fjord.test');
    expect(within(editor).queryByText('Invalid E-mail address')).toBeNull();

    const sms = within(editor).getByRole('switch', { name: 'SMS allowed' }) as HTMLInputElement;
    expect(sms.disabled).toBe(false);
    await user.click(sms);
    await waitFor(() => expect(server.updates).toHaveLength(1));
    expect(server.updates[0]).toMatchObject({
      SmsAllowed: true,
      Email: 'kari@fjord.test',
      Name: 'Kari Nordmann',
    });
    await waitFor(() => expect(sms.checked).toBe(true));

    const fixed = within(editor).getByRole('textbox', { name: 'Fixed phone' });
    await fill(user, fixed, '22 33 44 55');
    await user.tab();
    await waitFor(() => expect(server.updates).toHaveLength(2));
    expect(server.updates[1]).toMatchObject({ FixedPhone: '22 33 44 55', SmsAllowed: true });
  });
});
