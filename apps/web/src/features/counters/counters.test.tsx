// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { chartPoints } from './components/history-chart.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const counter = {
  Id: 3,
  MachineId: 11,
  MachineName: 'Press 1',
  CustomerId: 5,
  CustomerName: 'Fjord Mekaniske AS',
  CounterType: 1,
  Name: '',
  IsActive: true,
  LastValue: 1200,
  LastReadingDate: '2026-11-20T08:00:00',
  ReadingCount: 2,
  RowVersion: 2,
};
const readings = [
  {
    Id: 2,
    CounterId: 3,
    Value: 1200,
    ReadingDate: '2026-11-20T08:00:00',
    IsMeterChange: false,
    UserName: 'Tess',
  },
  {
    Id: 1,
    CounterId: 3,
    Value: 1000,
    ReadingDate: '2026-10-20T08:00:00',
    IsMeterChange: false,
    UserName: null,
  },
];

function server(extra: (req: Req) => Response | undefined = () => undefined) {
  return (req: Req) => {
    if (req.path === 'Counter/Machine/11') return json(200, [counter]);
    if (req.path === 'Counter/3') return json(200, counter);
    if (req.path === 'Counter/Machine/11/History') return json(200, { Content: readings, TotalCount: 2 });
    if (req.path === 'Counter/Filtered') return json(200, { Content: [counter], TotalCount: 1 });
    return extra(req);
  };
}

describe('history chart', () => {
  it('puts the readings in time order across the box, the highest at the top', () => {
    expect(chartPoints(readings, 100, 50)).toEqual([
      { x: 0, y: 50 },
      { x: 100, y: 0 },
    ]);
    expect(chartPoints([], 100, 50)).toEqual([]);
  });
});

describe('counter screens', () => {
  it('the machine’s counters show the history chart; a refused reading shows the server’s message', async () => {
    const user = userEvent.setup({ delay: null });
    let tries = 0;
    const { requests } = renderApp(
      '/pim/machine-list/11/counters',
      server((req) => {
        if (req.path !== 'Counter/Machine' || req.method !== 'PUT') return undefined;
        tries += 1;
        return tries === 1
          ? json(400, {
              Message:
                'The reading 900 is lower than the reading before it (1200). Mark it as a meter change if the meter was replaced.',
              Errors: [{ Field: 'Value', Message: 'lower' }],
            })
          : json(200, { ...counter, LastValue: 5 });
      }),
    );
    const card = await screen.findByTestId('counter-3', {}, WAIT);
    expect(within(card).getByRole('heading', { name: 'Operating hours' })).toBeTruthy();
    expect(
      await within(card).findByRole('img', { name: 'Readings of Operating hours over time' }, WAIT),
    ).toBeTruthy();
    expect(card.textContent).toContain('Readings (2)');
    await fill(user, within(card).getByRole('textbox', { name: 'Reading' }), '900');
    await user.click(within(card).getByRole('button', { name: 'Add reading' }));
    expect(await within(card).findByText(/lower than the reading before it/, {}, WAIT)).toBeTruthy();
    await user.click(within(card).getByRole('checkbox', { name: 'Meter change' }));
    await user.click(within(card).getByRole('button', { name: 'Add reading' }));
    await waitFor(() => expect(tries).toBe(2));
    expect(requests.filter((r) => r.path === 'Counter/Machine').at(-1)?.body).toEqual({
      CounterId: 3,
      Value: '900',
      IsMeterChange: true,
    });
  });

  it('the Admin’s counter list opens a counter', async () => {
    renderApp('/admin/counters', server());
    const row = await screen.findByTestId('counter-row-3', {}, WAIT);
    expect(row.textContent).toContain('Press 1 · Operating hours');
    expect(row.textContent).toContain('1200 at 20.11-2026 08:00');
  });
});
