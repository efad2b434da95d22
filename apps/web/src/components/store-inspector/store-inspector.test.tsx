// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { emitLiveChange } from '../../lib/live-changes.ts';
import { json, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { ALL_FEATURES, bundle } from '../../test/user-info.ts';
import { FAVOURITES_KEY } from './StoreInspector.tsx';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const superAdmin = () => {
  const info = bundle(1, { features: ALL_FEATURES });
  info.UserInfo.UserLogonName = 'serviceprovider';
  return info;
};
const noCalls = () => json(404, { Message: 'none' });

describe('store inspector', () => {
  it('only the super admin has it in the footer', async () => {
    renderApp('/about', noCalls, bundle(1, { features: ALL_FEATURES }));
    await screen.findByTestId('page-title', {}, WAIT);
    expect(screen.queryByRole('button', { name: 'Store inspector' })).toBeNull();
  });

  it('shows the session, cached queries and the last live events, and keeps favourites in local storage', async () => {
    const user = userEvent.setup();
    const { client } = renderApp('/about', noCalls, superAdmin());
    client.setQueryData(['inspected', 'answer'], { Id: 1 });
    await user.click(await screen.findByRole('button', { name: 'Store inspector' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Store inspector' }, WAIT);
    // The session: the signed-in user, opened to read.
    await user.click(within(dialog).getByRole('button', { name: /^UserInfo/ }));
    expect(within(dialog).getByText(/"UserLogonName": "serviceprovider"/)).toBeTruthy();
    // Starred, it is kept in local storage and shown under Favourites.
    await user.click(within(dialog).getByRole('button', { name: 'Add UserInfo to favourites' }));
    expect(JSON.parse(localStorage.getItem(FAVOURITES_KEY) ?? '[]')).toEqual(['session:UserInfo']);
    await user.click(within(dialog).getByRole('tab', { name: 'Favourites' }));
    expect(within(dialog).getByRole('button', { name: /^UserInfo/ })).toBeTruthy();
    // The cached queries of TanStack Query, by their key.
    await user.click(within(dialog).getByRole('tab', { name: 'Cached queries' }));
    expect(
      await within(dialog).findByRole('button', { name: /^\["inspected","answer"\]/ }, WAIT),
    ).toBeTruthy();
    // A live event that arrived is listed, newest first.
    emitLiveChange({ Sequence: 41, Entity: 'job', EntityId: '7', ChangeType: 'Change' });
    await user.click(within(dialog).getByRole('tab', { name: 'Live connection' }));
    expect(await within(dialog).findByRole('button', { name: /^#41 job 7/ }, WAIT)).toBeTruthy();
    // Escape closes it; focus was held inside while it was open.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
