// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootQueryClient } from '../../app/QueryCache.tsx';
import { FeedbackProvider } from '../../components/feedback/index.ts';
import '../../i18n/index.ts';
import { type Call, json, mockFetch } from '../../lib/api/test-fetch.ts';
import { getTokens, setTokens } from '../../lib/api/token-store.ts';
import { SessionProvider, useSession } from '../../lib/session.tsx';
import { acquireEntraIdToken } from './entra.ts';
import SignInPage from './SignInPage.tsx';

// Microsoft's popup is the browser's: the test hands the page the identity token it would give.
vi.mock('./entra.ts', () => ({ acquireEntraIdToken: vi.fn() }));

const PASSWORD = 'Demo!2026';
const GOOD_CODE = '123456';
const tokens = (n: number) => ({
  access_token: `A${n}`,
  refresh_token: `R${n}`,
  token_type: 'Bearer',
  expires_in: 900,
});
const userInfo = {
  UserInfo: {
    Id: 1,
    Name: 'Ada Admin',
    EmailAdress: 'admin@demo.test',
    UserTypeId: 1,
    Uiculture: 'en',
    UserLogonName: 'x',
  },
  Version: { Version: '0.1.0', Build: 9821, Revision: 1 },
};

/** A small fake of the server's session routes. */
function fakeServer(opts: { userInfoStatus?: number; password?: string; entra?: boolean } = {}) {
  let password = opts.password ?? PASSWORD;
  let issued = 0;
  return mockFetch((call: Call) => {
    const url = new URL(call.url, 'http://localhost');
    switch (url.pathname) {
      case '/api2/app/portal':
        return json(200, {
          Technician: true,
          CustomerPortal: false,
          PartnerPortal: true,
          EntraId: opts.entra ? { ClientId: 'client-1', Authority: 'https://login.example/tenant-1' } : null,
        });
      case '/api2/ServiceProvider/UserInfo/SiteInfo':
        return json(200, { Version: '0.1.0', Build: 9821, Revision: 1 });
      case '/api2/Report/logo':
        return new Response('<svg xmlns="http://www.w3.org/2000/svg"/>', {
          headers: { 'content-type': 'image/svg+xml' },
        });
      case '/api2/token': {
        const basic = atob(call.headers.get('Authorization')?.replace('Basic ', '') ?? '');
        return basic === `admin@demo.test:${password}`
          ? json(200, tokens(++issued))
          : json(400, { Message: 'The e-mail or password is incorrect.' });
      }
      case '/api2/token/EntraId/ServiceProvider.WebSite/':
        return url.searchParams.get('accessToken') === 'id-token-from-popup'
          ? json(200, tokens(++issued))
          : json(400, { Message: 'The Microsoft sign-in could not be verified. Try again.' });
      case '/api2/token/revoke':
        return json(200, { Success: true });
      case '/api2/ServiceProvider/userinfo':
        return opts.userInfoStatus
          ? json(opts.userInfoStatus, { Message: 'Your user type does not have access to this.' })
          : json(200, userInfo);
      case '/api2/Accounts/RecoverPassword':
        return json(200, {
          Success: true,
          Message: 'If the address belongs to an account, a code has been sent to it.',
        });
      case '/api2/Accounts/ValidateOtp':
        return url.searchParams.get('code') === GOOD_CODE
          ? json(200, { Success: true, Message: 'The code is valid.' })
          : json(200, { Success: false, Message: 'Invalid code' });
      case '/api2/Accounts/ChangePassword': {
        const body = JSON.parse(String(call.body)) as { Email: string; Code: string; Password: string };
        if (body.Code !== GOOD_CODE) return json(200, { Success: false, Message: '' });
        password = body.Password;
        return json(200, { Success: true, Message: 'Your password has been changed.' });
      }
      default:
        return json(404, { Message: `There is no ${call.method} ${url.pathname}.` });
    }
  });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.search}</output>;
}

function App() {
  const session = useSession();
  if (session.status === 'signedIn') return <p>Signed in as {session.info?.UserInfo.Name}</p>;
  if (session.status === 'loading') return <p>Loading…</p>;
  return <SignInPage />;
}

function renderSignIn(url = '/') {
  // The root's query client, as RootLayout gives it: the sign-in forms write through useMutation.
  return render(
    <MemoryRouter initialEntries={[url]}>
      <RootQueryClient>
        <FeedbackProvider>
          <SessionProvider>
            <App />
            <Where />
          </SessionProvider>
        </FeedbackProvider>
      </RootQueryClient>
    </MemoryRouter>,
  );
}

const where = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Each password rule of the checklist with what its icon says: 'Met' or 'Not met'. */
const ruleStates = () =>
  Object.fromEntries(
    screen
      .getAllByRole('listitem')
      .filter((li) => li.dataset.rule)
      .map((li) => [li.lastElementChild?.textContent, within(li).getByRole('img').textContent]),
  );

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('lang', 'en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sign-in page', () => {
  it('shows the logo panel: tagline, the portals the server reports, patch date and version', async () => {
    fakeServer();
    renderSignIn();
    expect(screen.getByText('Equipment service made simple.')).toBeTruthy();
    expect(await screen.findByText('Patch date 2026-11-21')).toBeTruthy();
    expect(screen.getByText('Version 0.1.0 · Build 9821 · Revision 1')).toBeTruthy();
    const portals = screen.getByRole('navigation', { name: 'Other portals' });
    await waitFor(() => expect(within(portals).getByRole('link', { name: 'Partner portal' })).toBeTruthy());
    expect(within(portals).getByRole('link', { name: /Technician/ })).toBeTruthy();
    expect(within(portals).queryByRole('link', { name: 'Customer portal' })).toBeNull();
    expect(within(portals).getByText('Customer portal').closest('[aria-disabled="true"]')).not.toBeNull();
  });

  it('keeps Sign in disabled until the e-mail is valid and a password is typed', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderSignIn();
    expect(screen.getByText('Sign in with the e-mail connected to the account.')).toBeTruthy();
    expect(button('Sign in').disabled).toBe(true);
    await user.type(screen.getByLabelText(/^E-mail/), 'admin@demo');
    await user.type(screen.getByLabelText(/^Password/), 'x');
    expect(button('Sign in').disabled).toBe(true);
    await user.type(screen.getByLabelText(/^E-mail/), '.test');
    await waitFor(() => expect(button('Sign in').disabled).toBe(false));
    expect(screen.queryByText('Invalid E-mail address')).toBeNull();
  });

  it('a wrong password shows the server message in a red snackbar; the right one signs in', async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    renderSignIn('/job/list/my?pwm=&email=admin%40demo.test');
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('admin@demo.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(button('Sign in'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The e-mail or password is incorrect.');
    expect(alert.className).toContain('MuiAlert-colorError');
    expect(getTokens()).toBeNull();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.click(button('Sign in'));
    expect(await screen.findByText('Signed in as Ada Admin')).toBeTruthy();
    expect(screen.getByText('Login success')).toBeTruthy();
    expect(getTokens()).toEqual({ accessToken: 'A1', refreshToken: 'R1' });
    const token = calls.find(
      (c) =>
        c.url === '/api2/token' &&
        c.headers.get('Authorization')?.endsWith(btoa(`admin@demo.test:${PASSWORD}`)),
    );
    expect(String(token?.body)).toBe('grant_type=client_credentials&scope=ServiceProvider.Administrator');
    // The address drops the sign-in parameters in a router transition, after the signed-in view shows.
    await waitFor(() => expect(where().get('email')).toBeNull());
  });

  it("a sign-in right the first time goes straight in, without a 'Login success' notice", async () => {
    fakeServer();
    const user = userEvent.setup();
    renderSignIn('/job/list/my?pwm=&email=admin%40demo.test');
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.click(button('Sign in'));
    expect(await screen.findByText('Signed in as Ada Admin')).toBeTruthy();
    expect(screen.queryByText('Login success')).toBeNull();
    expect(getTokens()).toEqual({ accessToken: 'A1', refreshToken: 'R1' });
  });

  it('without Microsoft sign-in configured there is no Microsoft button', async () => {
    fakeServer();
    renderSignIn();
    await screen.findByRole('link', { name: 'Partner portal' });
    expect(screen.queryByRole('button', { name: 'Use a Microsoft account' })).toBeNull();
  });

  it('the Microsoft button signs in with the popup’s identity token, or shows the server’s refusal', async () => {
    const popup = vi.mocked(acquireEntraIdToken);
    popup.mockResolvedValueOnce('forged');
    const server = fakeServer({ entra: true });
    const user = userEvent.setup();
    renderSignIn();
    await user.click(await screen.findByRole('button', { name: 'Use a Microsoft account' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The Microsoft sign-in could not be verified. Try again.',
    );
    expect(popup).toHaveBeenLastCalledWith({
      ClientId: 'client-1',
      Authority: 'https://login.example/tenant-1',
    });
    popup.mockResolvedValueOnce('id-token-from-popup');
    await user.click(button('Use a Microsoft account'));
    await waitFor(() =>
      expect(server.calls.some((c) => c.url.includes('/api2/ServiceProvider/userinfo'))).toBe(true),
    );
  });

  it("user info 403: 'Please log in again.', then signed out", async () => {
    fakeServer({ userInfoStatus: 403 });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderSignIn('/?email=admin%40demo.test');
    await user.type(screen.getByLabelText(/^Password/), PASSWORD);
    await user.click(button('Sign in'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Please log in again.');
    expect(alert.textContent).toContain('Previous login was not valid here.');
    expect(getTokens()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('Code 0x1 (Userinfo)', expect.anything());
  });

  it('a stored session loads the user info without the sign-in page', async () => {
    fakeServer();
    setTokens({ accessToken: 'A9', refreshToken: 'R9' });
    renderSignIn();
    expect(await screen.findByText('Signed in as Ada Admin')).toBeTruthy();
  });
});

describe('password recovery', () => {
  it('sendOtp → validateOtp (auto at the sixth digit) → setPassword (live checklist) → continue signs in', async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    renderSignIn('/?email=admin%40demo.test');

    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeTruthy();
    expect(where().get('pwm')).toBe('sendOtp');
    // The recovery steps' code loads on the way: the form shows once it is here.
    const email = (await screen.findByLabelText(/^E-mail/)) as HTMLInputElement;
    expect(email.value).toBe('admin@demo.test');
    await user.clear(email);
    await user.click(button('Send code'));
    expect(screen.getByText('E-mail is required')).toBeTruthy();
    await user.type(email, 'admin@demo');
    await user.click(button('Send code'));
    expect(screen.getByText('Invalid E-mail address')).toBeTruthy();
    await user.type(email, '.test');
    await user.click(button('Send code'));

    expect(await screen.findByRole('heading', { name: 'Enter code' })).toBeTruthy();
    expect(where().get('pwm')).toBe('validateOtp');
    expect(where().get('email')).toBe('admin@demo.test');
    const validations = () => calls.filter((c) => c.url.startsWith('/api2/Accounts/ValidateOtp'));
    const code = screen.getByLabelText(/^Code/);
    await user.type(code, '1x1111');
    expect((code as HTMLInputElement).value).toBe('11111');
    expect(validations()).toHaveLength(0);
    await user.type(code, '1');
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code');
    expect(validations()).toHaveLength(1);
    expect(validations()[0]!.url).toBe('/api2/Accounts/ValidateOtp?email=admin%40demo.test&code=111111');

    await user.clear(code);
    await user.type(code, GOOD_CODE);
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(validations()).toHaveLength(2);
    expect(where().get('pwm')).toBe('setPassword');
    expect(where().toString()).not.toContain(GOOD_CODE);

    const password = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm password/);
    const NOT = 'Not met';
    const MET = 'Met';
    expect(Object.values(ruleStates())).toEqual([NOT, NOT, NOT, NOT]);
    await user.type(password, 'abcdef');
    expect(ruleStates()).toEqual({
      'At least 6 characters': MET,
      'At least one capital letter': NOT,
      'At least one digit': NOT,
      'At least one special character': NOT,
    });
    await user.type(password, 'G7');
    expect(ruleStates()).toEqual({
      'At least 6 characters': MET,
      'At least one capital letter': MET,
      'At least one digit': MET,
      'At least one special character': NOT,
    });
    await user.type(password, '!');
    expect(Object.values(ruleStates())).toEqual([MET, MET, MET, MET]);
    expect(button('Set password').disabled).toBe(true);
    await user.type(confirm, 'abcdefG7');
    expect(screen.getByText('The password confirmation does not match.')).toBeTruthy();
    expect(button('Set password').disabled).toBe(true);
    await user.type(confirm, '!');
    expect(screen.queryByText('The password confirmation does not match.')).toBeNull();
    expect(button('Set password').disabled).toBe(false);
    await user.click(button('Set password'));

    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    const change = calls.find((c) => c.url === '/api2/Accounts/ChangePassword');
    expect(JSON.parse(String(change?.body))).toEqual({
      Email: 'admin@demo.test',
      Code: GOOD_CODE,
      Password: 'abcdefG7!',
    });
    await user.click(button('Continue'));
    expect(await screen.findByText('Signed in as Ada Admin')).toBeTruthy();
    await waitFor(() => expect(where().get('pwm')).toBeNull());
  });

  it('Cancel returns to the login form from every step', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderSignIn('/?pwm=sendOtp&email=admin%40demo.test');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(where().get('pwm')).toBeNull();
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('admin@demo.test');

    cleanup();
    renderSignIn('/?pwm=validateOtp&email=admin%40demo.test');
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();

    cleanup();
    renderSignIn('/?pwm=continue&email=admin%40demo.test');
    expect(await screen.findByLabelText(/^Password/)).toBeTruthy(); // after a reload the new password is asked for
    await user.click(button('Cancel'));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('setPassword without a verified code goes back to the code step', async () => {
    fakeServer();
    renderSignIn('/?pwm=setPassword&email=admin%40demo.test');
    expect(await screen.findByRole('heading', { name: 'Enter code' })).toBeTruthy();
  });

  it("a refused password change shows 'Invalid code' inline and in a snackbar", async () => {
    const { calls } = fakeServer();
    const user = userEvent.setup();
    renderSignIn('/?pwm=validateOtp&email=admin%40demo.test');
    await user.type(screen.getByLabelText(/^Code/), GOOD_CODE);
    await screen.findByRole('heading', { name: 'Set a new password' });
    // The code is spent meanwhile: the server refuses it without a message.
    vi.unstubAllGlobals();
    const refused = mockFetch(() => json(200, { Success: false, Message: '' }));
    await user.type(screen.getByLabelText(/^New password/), 'Secret#1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Secret#1');
    await user.click(button('Set password'));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('Invalid code')]),
    );
    expect(alerts.length).toBe(2);
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeTruthy();
    expect(refused.calls.map((c) => c.url)).toEqual(['/api2/Accounts/ChangePassword']);
    expect(calls.some((c) => c.url === '/api2/Accounts/ChangePassword')).toBe(false);
  });
});
