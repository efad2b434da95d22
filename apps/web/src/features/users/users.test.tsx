// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { account, accountServer } from '../../components/user-accounts/test-data.ts';
import { renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

describe('accounts list and user page (002 §7.21)', { timeout: 20_000 }, () => {
  it('a Technician sees a staff account read-only with the reason', async () => {
    const server = accountServer([
      account(3, { Name: 'Ada Admin', UserTypeId: 1, CustomerId: null, CustomerName: null }),
    ]);
    renderApp('/customer/user/3', server.handler, bundle(2));
    expect(
      await screen.findByText('Only an administrator may change this account.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set password' })).toBeNull();
  });

  it('the accounts list shows each account’s customer and opens the user page', async () => {
    const server = accountServer([account(1, { Name: 'Anna Aktiv' })]);
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/accounts-list', server.handler);
    const row = await screen.findByTestId('user-row-1', {}, { timeout: 5000 });
    expect(row.textContent).toContain('Fjord Service AS');
    await user.click(row);
    await waitFor(() => expect(where()).toBe('/customer/user/1'));
  });
});
