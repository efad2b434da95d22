// @vitest-environment jsdom
import type { ProposedPlan, Task } from '@fieldport/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../lib/api/test-fetch.ts';
import { fakeServer, renderPage } from '../../../../test/render-page.tsx';
import { bundle } from '../../../../test/user-info.ts';
import { ProposalTaskProgress, useProposalTask } from './ProposalTask.tsx';

/** The planner's use: a ProposePlan answer that is a task is followed; one that is a plan is not. */
function Planner(props: {
  answer: ProposedPlan;
  onPlan: (plan: ProposedPlan) => void;
  followed: (f: boolean) => void;
}) {
  const task = useProposalTask(props.onPlan);
  return (
    <>
      <button type="button" onClick={() => props.followed(task.follow(props.answer))}>
        Propose
      </button>
      {task.node}
    </>
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const task = (over: Partial<Task>): Task => ({
  taskId: 7,
  taskName: 'ProposePlan',
  status: 'update',
  displayText: 'Proposing a plan',
  progress: 40,
  planName: null,
  errorMessage: null,
  keepInNotificationBar: true,
  discreet: false,
  returnObject: null,
  created: '2031-09-01T08:00:00',
  finished: null,
  ...over,
});
const plan: ProposedPlan = {
  Appointments: [
    {
      JobId: 11,
      JobName: 'Boiler service',
      UserId: 3,
      UserName: 'Tor Tekniker',
      StartTime: '2031-09-01T08:30:00',
      EndTime: '2031-09-01T10:30:00',
      TravelKm: 12.5,
      Reason: 'Starts 08:30 within the work hours',
    },
  ],
  Unplaced: [],
};

describe('a plan proposal run as a background task (decision 066)', () => {
  it('shows the progress, then hands over the plan its owner reads', async () => {
    let checks = 0;
    const server = fakeServer(
      {
        // Running at 40 % when first looked at, completed the next time.
        'GET task': () =>
          json(200, [checks++ === 0 ? task({}) : task({ status: 'completed', progress: 100 })]),
        'GET Appointment/ProposePlan/7': () => json(200, plan),
      },
      bundle(1),
    );
    const onPlan = vi.fn();
    await renderPage(<ProposalTaskProgress taskId={7} onPlan={onPlan} onEnd={vi.fn()} />, {
      url: '/p',
      path: '/p',
    });
    expect(await screen.findByText('Planning a large proposal: 40 %')).toBeTruthy();
    expect(
      screen
        .getByRole('progressbar', { name: 'Progress of the proposed plan' })
        .getAttribute('aria-valuenow'),
    ).toBe('40');
    await waitFor(() => expect(onPlan).toHaveBeenCalledWith(plan), { timeout: 15_000 });
    expect(server.calls.some((c) => c.url.endsWith('/Appointment/ProposePlan/7'))).toBe(true);
  });

  it('Cancel stops the task and says nothing was saved', async () => {
    let cancelled = false;
    const server = fakeServer(
      {
        'GET task': () =>
          json(200, [cancelled ? task({ status: 'cancelled', progress: 55 }) : task({ progress: 55 })]),
        'POST task/cancelWait/7': () => {
          cancelled = true;
          return json(200, task({ status: 'cancelled', progress: 55 }));
        },
      },
      bundle(1),
    );
    const onEnd = vi.fn();
    await renderPage(<ProposalTaskProgress taskId={7} onPlan={vi.fn()} onEnd={onEnd} />, {
      url: '/p',
      path: '/p',
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByText('Planning a large proposal: 55 %');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const told = await screen.findByText('The proposal was cancelled. Nothing was saved.');
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      expect.stringMatching(/\/task\/cancelWait\/7$/),
    ]);
    await user.click(
      within(told.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Close' }),
    );
    expect(onEnd).toHaveBeenCalled();
  });

  it('the planner follows an answer that is a task until its plan arrives, and leaves a plan to itself', async () => {
    fakeServer(
      {
        'GET task': () => json(200, [task({ status: 'completed', progress: 100 })]),
        'GET Appointment/ProposePlan/7': () => json(200, plan),
      },
      bundle(1),
    );
    const onPlan = vi.fn();
    const followed = vi.fn();
    const answer = { Appointments: [], Unplaced: [], Task: task({ status: 'created', progress: null }) };
    await renderPage(<Planner answer={answer} onPlan={onPlan} followed={followed} />, {
      url: '/p',
      path: '/p',
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    expect(followed).toHaveBeenCalledWith(true);
    await waitFor(() => expect(onPlan).toHaveBeenCalledWith(plan));
    await waitFor(() => expect(screen.queryByTestId('proposal-task')).toBeNull());
    cleanup();
    await renderPage(<Planner answer={plan} onPlan={onPlan} followed={followed} />, {
      url: '/p',
      path: '/p',
    });
    await user.click(screen.getByRole('button', { name: 'Propose' }));
    expect(followed).toHaveBeenLastCalledWith(false);
  });
});
