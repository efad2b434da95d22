// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests, stubMatchMedia } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

/** The page is a lazy chunk: its first render waits for it on a busy machine. */
const WAIT = { timeout: 15_000 };
const PAGE = '/my-page/sitesettings';
const remembered = (req: Req) =>
  req.path === 'User/MyAccount/' && req.method === 'PATCH' ? json(200, {}) : undefined;
const welcome = () => screen.findByRole('dialog', { name: 'Welcome to Fieldport' }, WAIT);

describe('the first-time message (issue 35)', () => {
  it('shows an office user the menu and search; Enter puts it away, remembered with the user on the server', async () => {
    const user = userEvent.setup();
    const { requests, server } = renderApp(PAGE, remembered, bundle(1, { firstTimeSeen: 0 }));
    const dialog = await welcome();
    const infoReads = () =>
      server.calls.filter((c) => /\/userinfo$/.test(new URL(c.url, 'http://x').pathname)).length;
    const readsBefore = infoReads();
    expect(within(dialog).getByTestId('first-time-body').textContent).toBe(
      'Your jobs, customers, machines and the planner are in the menu on the left, and the search at the top finds a customer, job or machine by its name or number.',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(requests.find((r) => r.path === 'User/MyAccount/' && r.method === 'PATCH')?.body).toEqual({
        FirstTimeMessageSeen: 1,
      }),
    );
    // The user info is read again, so the page's copy (and the one stored for offline) says so too.
    await waitFor(() => expect(infoReads()).toBe(readsBefore + 1));
    // Nothing of it is kept in this browser.
    expect(Object.keys(localStorage).filter((k) => /first/i.test(k))).toEqual([]);
  }, 30_000);

  it('in a fresh browser, a user who put it away elsewhere does not see it again', async () => {
    // A fresh browser: nothing stored; the server's user info says this version was put away.
    localStorage.clear();
    await import('./FirstTimeMessage.tsx');
    const { requests } = renderApp(PAGE, remembered, bundle(1, { firstTimeSeen: 1 }));
    await screen.findByTestId('site-settings', {}, WAIT);
    await screen.findByRole('button', { name: 'Show the welcome message again' }, WAIT);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((r) => r.path === 'User/MyAccount/')).toBe(false);
  }, 30_000);

  it('tells a technician on a phone about Today and installing the app', async () => {
    stubMatchMedia(390);
    renderApp(PAGE, remembered, bundle(2, { firstTimeSeen: 0 }));
    const body = within(await welcome()).getByTestId('first-time-body').textContent;
    expect(body).toContain('Today shows the jobs of your day in order');
    expect(body).toContain('Install Fieldport from the browser');
  }, 30_000);

  it('tells a technician at a desk about My page and Today on the phone', async () => {
    renderApp(PAGE, remembered, bundle(2, { firstTimeSeen: 0 }));
    const body = within(await welcome()).getByTestId('first-time-body').textContent;
    expect(body).toContain("My page holds your jobs, your hours and your van's stock.");
  }, 30_000);

  it('tells a customer user about the jobs and machines, and a partner about the partner pages', async () => {
    const first = renderApp(PAGE, remembered, bundle(4, { firstTimeSeen: 0 }));
    expect(within(await welcome()).getByTestId('first-time-body').textContent).toContain(
      'Here you follow the jobs we do for your company',
    );
    first.unmount();
    renderApp(PAGE, remembered, bundle(5, { firstTimeSeen: 0 }));
    expect(within(await welcome()).getByTestId('first-time-body').textContent).toContain(
      'Here you work with us as a partner',
    );
  }, 30_000);

  it('speaks the user’s language', async () => {
    renderApp(PAGE, remembered, {
      ...bundle(1, { firstTimeSeen: 0 }),
      UserInfo: { ...bundle(1).UserInfo, Uiculture: 'no', FirstTimeMessageSeen: 0 },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Velkommen til Fieldport' }, WAIT);
    expect(within(dialog).getByTestId('first-time-body').textContent).toContain('menyen til venstre');
  }, 30_000);
});
