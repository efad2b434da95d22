// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import type { MyAccount, MyAccountSession } from './api.ts';
import { describeUserAgent } from './user-agent.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const COMMON =
  'This password is one of the most common passwords found in data breaches and is easy to guess. Choose another.';

const me = (over: Partial<MyAccount> = {}): MyAccount => ({
  Id: 1,
  Name: 'Ada Admin',
  EmailAdress: 'ada@example.test',
  Phone: '+47 900 00 000',
  Uiculture: 'en',
  FirstTimeMessageSeen: 1,
  ...over,
});
const session = (id: string, over: Partial<MyAccountSession> = {}): MyAccountSession => ({
  Id: id,
  Started: '2026-11-20T08:00:00',
  LastUsed: '2026-11-24T09:30:00',
  UserAgent: FIREFOX_LINUX,
  Current: false,
  ...over,
});

/** A scripted server of the own account: its sign-ins end as the calls say. */
function accountServer(
  sessions: MyAccountSession[],
  opts: { wrongPassword?: string; commonPassword?: string } = {},
) {
  let account = me();
  let live = [...sessions];
  const handler = (req: Req) => {
    if (req.path === 'User/MyAccount/' && req.method === 'GET') return json(200, account);
    if (req.path === 'User/MyAccount/' && req.method === 'PATCH') {
      account = { ...account, ...(req.body as object) };
      return json(200, account);
    }
    if (req.path === 'User/MyAccount/Sessions') return json(200, { Content: live, TotalCount: live.length });
    if (req.path === 'User/MyAccount/Sessions/EndOthers') {
      const count = live.filter((s) => !s.Current).length;
      live = live.filter((s) => s.Current);
      return json(200, { Success: true, Message: `Other sign-ins ended: ${count}.`, Count: count });
    }
    const one = /^User\/MyAccount\/Sessions\/(.+)$/.exec(req.path);
    if (one && req.method === 'DELETE') {
      live = live.filter((s) => s.Id !== one[1]);
      return json(200, { Success: true, Message: 'The sign-in has been ended.' });
    }
    if (req.path === 'User/MyAccount/ChangePassword') {
      const body = req.body as { CurrentPassword: string; NewPassword: string };
      if (body.NewPassword === opts.commonPassword)
        return json(400, { Message: COMMON, Errors: [{ Field: 'NewPassword', Message: COMMON }] });
      if (body.CurrentPassword === opts.wrongPassword)
        return json(400, {
          Message: 'The current password is incorrect.',
          Errors: [{ Field: 'CurrentPassword', Message: 'The current password is incorrect.' }],
        });
      live = live.filter((s) => s.Current);
      return json(200, {
        Success: true,
        Message: 'Your password has been changed. Your other sign-ins have ended.',
      });
    }
    return undefined;
  };
  return { handler };
}

describe('the browser of a sign-in, named from its User-Agent', () => {
  it('names browser and system, the more particular first', () => {
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox', system: 'Linux' });
    expect(describeUserAgent(CHROME_WINDOWS)).toEqual({ browser: 'Chrome', system: 'Windows' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(describeUserAgent(`${CHROME_WINDOWS} Edg/131.0.0.0`)).toEqual({
      browser: 'Edge',
      system: 'Windows',
    });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(describeUserAgent('curl/8.5.0')).toEqual({ browser: null, system: null });
    expect(describeUserAgent(null)).toEqual({ browser: null, system: null });
  });
});

describe('My account (001 §2.9)', () => {
  it('shows the own account; a changed name is saved on leaving the field and told “Saved”; a phone with letters is refused before saving', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/my-page/myaccount',
      accountServer([session('a', { Current: true })]).handler,
    );
    const name = await screen.findByRole('textbox', { name: 'Name' }, WAIT);
    expect((name as HTMLInputElement).value).toBe('Ada Admin');
    expect((screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement).readOnly).toBe(true);

    await fill(user, name, 'Ada Lovelace');
    await user.tab();
    expect(await screen.findByText('Saved', {}, WAIT)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ Name: 'Ada Lovelace' });

    const phone = screen.getByRole('textbox', { name: 'Phone' });
    await fill(user, phone, 'call me');
    await user.tab();
    expect(await screen.findByText('Phone number cant contain letters')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(1);
  });

  it('the password change waits for the rules and a matching confirmation; a wrong current password shows under its field', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/my-page/myaccount',
      accountServer([session('a', { Current: true }), session('b')], { wrongPassword: 'Wrong!2026' }).handler,
    );
    const current = await screen.findByLabelText(/^Current password/, {}, WAIT);
    const next = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm new password/);
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await fill(user, current, 'Wrong!2026');
    await fill(user, next, 'better');
    // The checklist ticks what the new password meets.
    const rules = screen.getByRole('list', { name: 'Password rules' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-met')),
    ).toEqual(['true', 'false', 'false', 'false']);
    await fill(user, confirm, 'better');
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await fill(user, next, 'Better!2027');
    await fill(user, confirm, 'Better!2028');
    await user.tab();
    expect(await screen.findByText('The password confirmation does not match.')).toBeTruthy();
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await fill(user, confirm, 'Better!2027');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    expect(await screen.findByText('The current password is incorrect.', {}, WAIT)).toBeTruthy();
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(requests.find((r) => r.path === 'User/MyAccount/ChangePassword')?.body).toEqual({
      CurrentPassword: 'Wrong!2026',
      NewPassword: 'Better!2027',
    });

    await fill(user, current, 'Demo!2026');
    await user.click(submit);
    expect(
      await screen.findByText('Your password has been changed. Your other sign-ins have ended.', {}, WAIT),
    ).toBeTruthy();
    await waitFor(() => expect((current as HTMLInputElement).value).toBe(''));
    // The other sign-in has ended: the list is read again.
    expect(await screen.findByText('You are signed in on this browser only.', {}, WAIT)).toBeTruthy();
  });

  it('shows the server’s refusal of a common password under the new password; the checklist follows the Admin’s minimum length', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/my-page/myaccount',
      accountServer([session('a', { Current: true })], { commonPassword: 'Password1!' }).handler,
      bundle(1, { passwordMinLength: 10 }),
    );
    const current = await screen.findByLabelText(/^Current password/, {}, WAIT);
    const next = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm new password/);
    const submit = screen.getByRole('button', { name: 'Change password' });
    const rules = screen.getByRole('list', { name: 'Password rules' });
    expect(within(rules).getByText('At least 10 characters')).toBeTruthy();

    await fill(user, current, 'Demo!2026');
    // Meets the documents' rules but not the company's ten characters.
    await fill(user, next, 'Demo!2027');
    await fill(user, confirm, 'Demo!2027');
    expect(rules.querySelector('[data-rule="minLength"]')?.getAttribute('data-met')).toBe('false');
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    await fill(user, next, 'Password1!');
    await fill(user, confirm, 'Password1!');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    expect(await screen.findByText(COMMON, {}, WAIT)).toBeTruthy();
    expect(next.getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.path === 'User/MyAccount/ChangePassword')).toHaveLength(1);
  });

  it('lists the sign-ins with their browser and times, this browser marked and not signed out from here', async () => {
    renderApp(
      '/my-page/myaccount',
      accountServer([
        session('a', { Current: true, UserAgent: CHROME_WINDOWS }),
        session('b', { UserAgent: SAFARI_IPHONE }),
        session('c', { UserAgent: null }),
      ]).handler,
    );
    const list = await screen.findByTestId('sessions', {}, WAIT);
    const rows = await within(list).findAllByTestId('session-row');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Chrome on Windows'),
      expect.stringContaining('Safari on iOS'),
      expect.stringContaining('Unknown browser'),
    ]);
    expect(rows[0]?.textContent).toContain('This browser');
    expect(rows[0]?.textContent).toMatch(/Signed in .*2026.*Last active .*2026/);
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Sign out: Safari on iOS' })).toBeTruthy();
  });

  it('signs out everywhere else after a confirmation; one sign-in can be signed out alone', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/my-page/myaccount',
      accountServer([
        session('a', { Current: true, UserAgent: CHROME_WINDOWS }),
        session('b', { UserAgent: SAFARI_IPHONE }),
        session('c'),
      ]).handler,
    );
    await user.click(await screen.findByRole('button', { name: 'Sign out: Safari on iOS' }, WAIT));
    const one = await screen.findByRole('dialog');
    expect(within(one).getByText('Sign out Safari on iOS?')).toBeTruthy();
    await user.click(within(one).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('The sign-in has been ended.', {}, WAIT)).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === 'User/MyAccount/Sessions/b')).toBe(true);
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(2));

    // Cancelled: nothing is ended.
    const everywhere = screen.getByRole('button', { name: 'Sign out everywhere else' });
    await user.click(everywhere);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(requests.some((r) => r.path === 'User/MyAccount/Sessions/EndOthers')).toBe(false);

    await user.click(everywhere);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/This browser stays signed in\./)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Other sign-ins ended: 1.', {}, WAIT)).toBeTruthy();
    expect(await screen.findByText('You are signed in on this browser only.', {}, WAIT)).toBeTruthy();
    expect(screen.getAllByTestId('session-row')).toHaveLength(1);
    expect(
      (screen.getByRole('button', { name: 'Sign out everywhere else' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('Site settings (001 §2.2, §2.9)', () => {
  it('theme, the drawer’s side and width are this browser’s preferences, and the shell follows at once', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/my-page/sitesettings', () => undefined);
    await user.click(await screen.findByRole('radio', { name: 'Dark' }, WAIT));
    expect(localStorage.getItem('ThemeMode')).toBe('"dark"');
    // The shell's theme switch now offers the light theme.
    expect(screen.getAllByRole('button', { name: 'Switch to light theme' }).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('radio', { name: 'Light' }));
    expect(screen.getAllByRole('button', { name: 'Switch to dark theme' }).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('radio', { name: 'As the system' }));
    expect(localStorage.getItem('ThemeMode')).toBe('"system"');

    await user.click(screen.getByRole('switch', { name: 'Navigation on the right' }));
    expect(localStorage.getItem('InvertedLayout')).toBe('true');

    const slider = screen.getByRole('slider', { name: 'Navigation width' });
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await waitFor(() => expect(localStorage.getItem('NavMenuWidth')).toBe('330'));
    expect(screen.getByTestId('nav-width').textContent).toBe('330 px');
    await user.click(screen.getByRole('button', { name: 'Default width' }));
    expect(localStorage.getItem('NavMenuWidth')).toBe('310');
  });

  it('the language switches the portal and is saved on the account; the welcome message shows again', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp('/my-page/sitesettings', accountServer([]).handler);
    await user.click(await screen.findByRole('combobox', { name: 'Language' }, WAIT));
    await user.click(await screen.findByRole('option', { name: 'Svenska' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ Uiculture: 'sv' }),
    );
    expect(localStorage.getItem('lang')).toBe('sv');
    expect(await screen.findByRole('button', { name: 'Visa välkomstmeddelandet igen' }, WAIT)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Visa välkomstmeddelandet igen' }));
    const welcome = await screen.findByRole('dialog', {}, WAIT);
    await user.click(within(welcome).getAllByRole('button')[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Put away: remembered with the user on the server, not in this browser.
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toContainEqual({
        FirstTimeMessageSeen: 1,
      }),
    );
    expect(localStorage.getItem('fp.firstTimeMessageVersion')).toBeNull();
  });
});
