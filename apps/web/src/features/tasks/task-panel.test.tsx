// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { taskOf } from './test-data.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const task = taskOf;

describe('the background task panel (000 §4)', () => {
  it('shows a running task, restarts a failed one on a click, and follows a finished one’s link', async () => {
    const calls: Req[] = [];
    let tasks = [
      task(1, {}),
      task(2, { status: 'failed', errorMessage: 'The ERP did not answer', progress: null }),
    ];
    const user = userEvent.setup({ delay: null });
    renderApp('/customer/list', (req) => {
      calls.push(req);
      if (req.path === 'task') return json(200, tasks);
      if (req.method === 'POST' && req.path === '/api2/task/restart/2') {
        tasks = [
          task(1, {
            status: 'completed',
            progress: 100,
            returnObject: { link: '/dashboard/machine-export' },
          }),
          task(2, { status: 'created', progress: null }),
        ];
        return json(200, tasks[1]);
      }
      return undefined;
    });
    const panel = await screen.findByRole('region', { name: 'Background tasks' }, WAIT);
    expect(within(panel).getByTestId('task-1').textContent).toContain('Running');
    expect(within(panel).getByTestId('task-2').textContent).toContain('Failed: The ERP did not answer');

    await user.click(
      within(panel).getByRole('button', { name: /^Exporting machines Failed: The ERP did not answer/ }),
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api2/task/restart/2')).toBe(true));
    const done = await within(panel).findByRole('button', { name: 'Exporting machines Done' }, WAIT);
    await user.click(done);
    await waitFor(() => expect(where()).toBe('/dashboard/machine-export'));
  });

  it('does not show tasks that had finished before the page opened', async () => {
    renderApp('/customer/list', (req) =>
      req.path === 'task'
        ? json(200, [
            task(3, { status: 'completed', keepInNotificationBar: false, progress: 100 }),
            task(4, { displayText: 'Importing customers' }),
          ])
        : undefined,
    );
    // The list the panel was given is shown: the running task, without the one finished before.
    const panel = await screen.findByRole('region', { name: 'Background tasks' }, WAIT);
    expect(within(panel).getByTestId('task-4').textContent).toContain('Importing customers');
    expect(within(panel).queryByTestId('task-3')).toBeNull();
  });
});
