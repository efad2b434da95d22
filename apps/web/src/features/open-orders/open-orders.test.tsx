// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();
const WAIT = { timeout: 15_000 };
const ANSWER = {
  Orders: [
    {
      JobId: 11,
      OrderId: '10001',
      DisplayName: 'Pump service',
      CustomerName: 'Fjord AS',
      StatusId: 50,
      DepartmentId: 1,
      DepartmentName: 'Service Oslo',
      AgeDays: 40,
      Lines: 2,
      AmountExclVat: 3500,
      AmountInclVat: 4375,
    },
  ],
  ByDepartment: [{ Key: '1', Name: 'Service Oslo', Orders: 1, AmountExclVat: 3500 }],
  ByAge: [
    { Key: '0-7', Name: null, Orders: 0, AmountExclVat: 0 },
    { Key: '8-30', Name: null, Orders: 0, AmountExclVat: 0 },
    { Key: '31-90', Name: null, Orders: 1, AmountExclVat: 3500 },
    { Key: '90+', Name: null, Orders: 0, AmountExclVat: 0 },
  ],
  TotalExclVat: 3500,
  TotalInclVat: 4375,
};
const server = (req: Req) => (req.path === 'Dashboard/OpenOrders' ? json(200, ANSWER) : undefined);

describe('open orders', () => {
  it('lists the jobs not invoiced with totals by department and age, each leading to its invoice tab', async () => {
    renderApp('/dashboard/openorders', server, bundle(1));
    const order = await screen.findByTestId('open-order', {}, WAIT);
    expect(order.textContent).toContain('Fjord AS · Service Oslo · 40 days old');
    expect(order.textContent).toContain('3,500.00');
    expect(within(order).getByRole('link').getAttribute('href')).toBe('/job/list/my/view/11/invoice');
    expect(screen.getByTestId('open-total').textContent).toBe(
      '1 open order: 3,500.00 excl. VAT (4,375.00 incl. VAT)',
    );
    const age = screen.getByRole('table', { name: 'Age' });
    expect(within(age).getByText('31–90 days').closest('tr')?.textContent).toContain('3,500.00');
    expect(within(screen.getByRole('table', { name: 'Department' })).getByText('Service Oslo')).toBeTruthy();
  });
});
