// @vitest-environment jsdom
import { type Licences, type UserInfoBundle, UserType } from '@fieldport/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSignInPage } from '../../features/auth/load-sign-in-page.ts';
import { i18next, setLanguage } from '../../i18n/index.ts';
import { type Call, json, mockFetch } from '../../lib/api/test-fetch.ts';
import { getTokens, setTokens } from '../../lib/api/token-store.ts';
import { renderRoutes, stubMatchMedia, where } from '../../test/app-harness.tsx';
import { ALL_FEATURES, bundle as userInfo } from '../../test/user-info.ts';

/** Every licence unless told, every feature on. */
const bundle = (userTypeId: number, licences: Partial<Licences> = {}) =>
  userInfo(userTypeId, { licences, features: ALL_FEATURES });

beforeAll(() => loadSignInPage(), 30_000);

function fakeServer(info: UserInfoBundle) {
  return mockFetch((call: Call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (path === '/api2/ServiceProvider/userinfo') return json(200, info);
    if (path === '/api2/token/revoke') return json(200, { Success: true });
    if (path === '/api2/ServiceProvider/User/MyAccount/' && call.method === 'PATCH') {
      return json(200, {
        Id: 1,
        Name: 'Tess Tester',
        EmailAdress: 'tess@demo.test',
        Phone: '',
        Uiculture: 'no',
      });
    }
    if (path === '/api2/app/portal')
      return json(200, { Technician: true, CustomerPortal: true, PartnerPortal: true });
    if (path === '/api2/ServiceProvider/UserInfo/SiteInfo')
      return json(200, { Version: '2.4.1', Build: 9821, Revision: 7 });
    if (path === '/api2/Report/logo') return json(404, { Message: 'No logo has been uploaded.' });
    return json(404, { Message: `There is no ${call.method} ${path}.` });
  });
}

function setWindow(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  Object.defineProperty(window, 'innerHeight', { value: height, configurable: true, writable: true });
  window.dispatchEvent(new Event('resize'));
}

function renderApp(url: string, info: UserInfoBundle | null) {
  const server = info ? fakeServer(info) : fakeServer(bundle(1));
  if (info) setTokens({ accessToken: 'A', refreshToken: 'R' });
  return { ...renderRoutes(url), server };
}

const drawer = () => screen.findByTestId('nav-drawer', {}, { timeout: 15_000 });
const title = async () => (await screen.findByTestId('page-title', {}, { timeout: 15_000 })).textContent;

beforeEach(() => {
  localStorage.clear();
  setWindow(1440, 900);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  setTokens(null);
  await setLanguage('en');
});

describe('application shell', () => {
  it('a technician gets Planner and PIM in the menu, not Admin; the page title and log-out button show', async () => {
    // On the job list: landing first on the planner, under a loaded CI run the app stayed behind its
    // loading screen for over 15 s in jsdom (not seen on the planner once the app had shown; noted to
    // be looked into).
    renderApp('/job/list/my', bundle(UserType.Technician));
    const nav = await drawer();
    expect(within(nav).getByTestId('menu-item-Planner')).toBeTruthy();
    expect(within(nav).getByTestId('menu-item-PIM')).toBeTruthy();
    expect(within(nav).getByTestId('menu-item-Job')).toBeTruthy();
    expect(within(nav).queryByTestId('menu-item-Admin')).toBeNull();
    expect(within(nav).queryByTestId('menu-item-Agreements')).toBeNull();
    expect(await title()).toBe('Job list');
    expect(within(nav).getByRole('link', { name: 'Log out' })).toBeTruthy();
  });

  it('a customer manager lands on their company’s open jobs and sees only their company and Jobs on a desktop', async () => {
    renderApp('/', bundle(UserType.CustomerManager));
    const nav = await drawer();
    await waitFor(() => expect(where()).toBe('/my-company/jobs'));
    const items = within(nav)
      .getAllByTestId(/^menu-item-/)
      .map((el) => el.dataset.testid);
    // The open group (their company) shows its pages; Jobs stays folded.
    expect(items.sort()).toEqual([
      'menu-item-CustomerPortal',
      'menu-item-CustomerPortalJobs',
      'menu-item-CustomerPortalMachines',
      'menu-item-Job',
    ]);
    expect(await title()).toBe('Open jobs');
  });

  it('a user type without access sees the no-access page naming the module', async () => {
    renderApp('/admin/settings/companysettings', bundle(UserType.Technician));
    expect(await screen.findByText('You do not have access to the page “Admin”')).toBeTruthy();
    expect(
      screen.getByText(
        'The page “Admin” is not available for your user type. Please contact an administrator if you want to change your user type.',
      ),
    ).toBeTruthy();
  });

  it('an unlicensed route shows Licence required with the support contact', async () => {
    renderApp('/partner/companies', bundle(UserType.Admin, { PartnerPortal: false }));
    expect(await screen.findByText('Licence required')).toBeTruthy();
    const mail = await screen.findByRole('link', { name: 'support@fieldport.app' });
    expect(mail.getAttribute('href')).toBe('mailto:support@fieldport.app');
    expect(within(await drawer()).queryByTestId('menu-item-Partner')).toBeNull();
  });

  it('an unknown address shows the 404 page with the path and the title Unknown page', async () => {
    renderApp('/no/such/page', bundle(UserType.Admin));
    expect(await screen.findByText('404 Page not found')).toBeTruthy();
    expect(screen.getByText('The /no/such/page page was not found.')).toBeTruthy();
    expect(await title()).toBe('Unknown page');
  });

  it('signed out, any address shows the sign-in page', async () => {
    renderApp('/admin/home', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' }, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByTestId('nav-drawer')).toBeNull();
  });

  it('log out goes Home with the e-mail, signs out and shows the sign-in form filled in', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/planner', bundle(UserType.Technician));
    await user.click(within(await drawer()).getByRole('link', { name: 'Log out' }));
    await screen.findByLabelText(/^E-mail/, {}, { timeout: 15_000 });
    await waitFor(() =>
      expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('tess@demo.test'),
    );
    expect(where()).toContain('email=tess%40demo.test');
    expect(getTokens()).toBeNull();
    expect(server.calls.some((c) => c.url.endsWith('/api2/token/revoke'))).toBe(true);
  });

  it('the admin home lists the admin areas as cards with sub-links', async () => {
    renderApp('/admin', bundle(UserType.Admin));
    const settings = await screen.findByTestId('card-AdminSettings', {}, { timeout: 15_000 });
    expect(within(settings).getByRole('link', { name: 'Company settings' }).getAttribute('href')).toBe(
      '/admin/settings/companysettings',
    );
    expect(screen.getByTestId('card-Logs')).toBeTruthy();
    expect(where()).toBe('/admin/home');
    expect(await title()).toBe('Administration');
  });

  it('an old-site address is replaced by its new route', async () => {
    renderApp(
      `/auto-redirect?page=${encodeURIComponent('Views/JobList.aspx?leftmenuid=20&jobsubstatusid=3')}`,
      bundle(1),
    );
    await waitFor(() => expect(where()).toBe('/job/list/status-20-3'), { timeout: 15_000 });
  });

  it('the auto-redirect page offers a test input with a Go button', async () => {
    const user = userEvent.setup();
    renderApp('/auto-redirect', bundle(UserType.Admin));
    const input = await screen.findByLabelText('Old-site address', {}, { timeout: 15_000 });
    await user.type(input, 'CustomerEdit.aspx?id=77');
    await user.click(screen.getByRole('button', { name: 'Go' }));
    // /customer/77 redirects to its details tab once the customer pages have loaded.
    await waitFor(() => expect(where()).toBe('/customer/77/details'), { timeout: 15_000 });
  });

  it('older job list addresses redirect to the current filter', async () => {
    renderApp('/job/list/status/10/2', bundle(UserType.Technician));
    await waitFor(() => expect(where()).toBe('/job/list/status-10-2'), { timeout: 15_000 });
  });
});

describe('drawer width (001 §2.2, rules/layout.ts)', () => {
  const width = async () => Number((await drawer()).dataset.width);

  it('is 95, 85 or 65 by client height without the child panel', async () => {
    setWindow(1440, 1200);
    renderApp('/planner', bundle(UserType.Technician));
    expect(await width()).toBe(95);
    act(() => setWindow(1440, 800));
    expect(await width()).toBe(85);
    act(() => setWindow(1440, 700));
    expect(await width()).toBe(65);
  });

  it('is the NavMenuWidth preference (default 310) while the child panel shows, and collapses', async () => {
    const user = userEvent.setup();
    setWindow(1440, 800);
    renderApp('/job/list/my', bundle(UserType.Technician));
    expect(await width()).toBe(310);
    const panel = await screen.findByTestId('nav-child-panel');
    expect(within(panel).getByTestId('menu-item-JobList-my').getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Collapse menu' }));
    expect(await width()).toBe(85);
    expect(localStorage.getItem('NavChildPanelOpen')).toBe('false');
    cleanup();
    localStorage.setItem('NavChildPanelOpen', 'true');
    localStorage.setItem('NavMenuWidth', '280');
    renderApp('/job/list/my', bundle(UserType.Technician));
    expect(await width()).toBe(280);
  });

  it('opens a nested child on the active route after 700 ms', async () => {
    renderApp('/admin/settings/features', bundle(UserType.Admin));
    const panel = await screen.findByTestId('nav-child-panel', {}, { timeout: 15_000 });
    const toggle = within(panel).getByRole('button', { name: 'Expand Settings' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await waitFor(() => expect(toggle.getAttribute('aria-expanded')).toBe('true'), { timeout: 15_000 });
    // The child list's Collapse loads with its first opening.
    expect((await within(panel).findByTestId('menu-item-Features')).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('goes on the right with the inverted layout preference', async () => {
    localStorage.setItem('InvertedLayout', 'true');
    renderApp('/planner', bundle(UserType.Technician));
    const nav = await drawer();
    const row = nav.parentElement as HTMLElement;
    expect(getComputedStyle(row).flexDirection).toBe('row-reverse');
  });
});

describe('phones and tabs', () => {
  it('on a phone the menu is one list in a drawer opened from the header, with My page', async () => {
    const user = userEvent.setup();
    setWindow(390, 844);
    stubMatchMedia();
    renderApp('/planner', bundle(UserType.Technician));
    await user.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 15_000 }));
    const nav = await drawer();
    expect(within(nav).getByTestId('menu-item-MyPage')).toBeTruthy();
    expect(within(nav).getByTestId('menu-item-Planner')).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Log out' })).toBeTruthy();
  });

  it('offers Old site and Change portal only where they mean something (issue 35.7)', async () => {
    const user = userEvent.setup();
    setWindow(390, 844);
    stubMatchMedia();
    renderApp('/job/list/my', bundle(UserType.CustomerManager));
    await user.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 15_000 }));
    const block = within(await drawer()).getByTestId('user-block');
    expect(within(block).getByTestId('user-action-my-account')).toBeTruthy();
    // A customer manager has one portal, and the old site was the office's.
    expect(within(block).queryByTestId('user-action-change-portal')).toBeNull();
    expect(within(block).queryByTestId('user-action-old-site')).toBeNull();
  });

  it('offers staff the old site where the page has one, and Change portal', async () => {
    const user = userEvent.setup();
    setWindow(390, 844);
    stubMatchMedia();
    renderApp('/job/list/my', bundle(UserType.Technician));
    await user.click(await screen.findByRole('button', { name: 'Open menu' }, { timeout: 15_000 }));
    const block = within(await drawer()).getByTestId('user-block');
    expect(within(block).getByTestId('user-action-change-portal')).toBeTruthy();
    expect(within(block).getByTestId('user-action-old-site')).toBeTruthy();
  });

  it('the sub-menu shows width / 100 − 3 tabs and puts the rest under More', async () => {
    const user = userEvent.setup();
    setWindow(700, 900);
    stubMatchMedia();
    renderApp('/job/list/my/view/5/general', bundle(UserType.Admin));
    const bar = await screen.findByTestId('submenu-tabs', {}, { timeout: 15_000 });
    const tabs = within(bar).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['General', 'Planning', 'Checklists', 'Log']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    await user.click(within(bar).getByRole('button', { name: 'More' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(['Resources', 'Parts', 'Pre-invoice']);
    expect(await title()).toBe('General');
  });
});

describe('language and theme', () => {
  it('switches the language, stores it and saves it on the account', async () => {
    const user = userEvent.setup();
    const { server } = renderApp('/planner', bundle(UserType.Technician));
    const nav = await drawer();
    await user.click(within(nav).getByRole('button', { name: 'Language' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Norsk' }));
    await waitFor(() => expect(screen.getByTestId('page-title').textContent).toBe('Planlegger'));
    expect(localStorage.getItem('lang')).toBe('no');
    expect(i18next.language).toBe('no');
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.method === 'PATCH' && String(c.body).includes('"Uiculture":"no"')),
      ).toBe(true),
    );
  });

  it('toggles the dark theme and remembers it', async () => {
    const user = userEvent.setup();
    renderApp('/planner', bundle(UserType.Technician));
    const nav = await drawer();
    await user.click(within(nav).getByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem('ThemeMode')).toBe('"dark"');
    expect(within(nav).getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
  });
});
