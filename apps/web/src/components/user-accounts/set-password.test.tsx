// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../lib/api/test-fetch.ts';
import { bodyOf, fakeServer, renderPage } from '../../test/render-page.tsx';
import { bundle } from '../../test/user-info.ts';
import { SetPasswordDialog } from './SetPasswordDialog.tsx';
import { account } from './test-data.ts';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COMMON =
  'This password is one of the most common passwords found in data breaches and is easy to guess. Choose another.';
const user = account(7, { Name: 'Tor Tekniker', EmailAdress: 'tor@example.test' });
const PATH = `POST User/changePasswordFor/${encodeURIComponent(user.EmailAdress)}`;

/** Types a whole value at once (a paste), as the app's tests do: typing key by key is slow on a busy machine. */
async function fill(type: ReturnType<typeof userEvent.setup>, el: HTMLElement, text: string) {
  await type.click(el);
  await type.clear(el);
  await type.paste(text);
}

async function openDialog() {
  const onClose = vi.fn();
  await renderPage(<SetPasswordDialog user={user} onClose={onClose} />, { url: '/u', path: '/u' });
  const dialog = await screen.findByRole('dialog');
  return {
    onClose,
    dialog,
    password: within(dialog).getByLabelText(/^New password/) as HTMLInputElement,
    confirm: within(dialog).getByLabelText(/^Confirm/) as HTMLInputElement,
    submit: within(dialog).getByRole('button', { name: 'Set password' }) as HTMLButtonElement,
  };
}

describe('setting a user’s password (decision 060)', () => {
  it('shows the server’s refusal of a common password under the password field, and sends again once changed', async () => {
    const server = fakeServer(
      {
        [PATH]: (call) =>
          bodyOf(call).Password === 'Password1!'
            ? json(400, { Message: COMMON, Errors: [{ Field: 'Password', Message: COMMON }] })
            : json(200, { Success: true, Message: 'The password has been set.' }),
      },
      bundle(1),
    );
    const ui = await openDialog();
    const type = userEvent.setup({ delay: null });
    await fill(type, ui.password, 'Password1!');
    await fill(type, ui.confirm, 'Password1!');
    // The documents' checklist is met: only the server knows the list.
    await waitFor(() => expect(ui.submit.disabled).toBe(false));
    await type.click(ui.submit);

    expect(await within(ui.dialog).findByText(COMMON)).toBeTruthy();
    expect(ui.password.getAttribute('aria-invalid')).toBe('true');
    expect(ui.onClose).not.toHaveBeenCalled();

    await fill(type, ui.password, 'Quokka!Fjell73');
    expect(ui.password.getAttribute('aria-invalid')).toBe('false');
    expect(within(ui.dialog).queryByText(COMMON)).toBeNull();
    await fill(type, ui.confirm, 'Quokka!Fjell73');
    await type.click(ui.submit);
    await waitFor(() => expect(ui.onClose).toHaveBeenCalled());
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => bodyOf(c).Password)).toEqual([
      'Password1!',
      'Quokka!Fjell73',
    ]);
  });

  it('follows the Admin’s minimum length in the checklist and the button', async () => {
    fakeServer({}, bundle(1, { passwordMinLength: 12 }));
    const ui = await openDialog();
    const rules = within(ui.dialog).getByRole('list', { name: 'Password rules' });
    expect(within(rules).getByText('At least 12 characters')).toBeTruthy();
    const type = userEvent.setup({ delay: null });
    await fill(type, ui.password, 'Quokka!Fj73');
    await fill(type, ui.confirm, 'Quokka!Fj73');
    expect(rules.querySelector('[data-rule="minLength"]')?.getAttribute('data-met')).toBe('false');
    expect(ui.submit.disabled).toBe(true);
    await type.type(ui.password, '5');
    await type.type(ui.confirm, '5');
    expect(rules.querySelector('[data-rule="minLength"]')?.getAttribute('data-met')).toBe('true');
    expect(ui.submit.disabled).toBe(false);
  });
});
