// @vitest-environment jsdom
import type { JobStatusWithCount } from '@fieldport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobListItem } from './test-data.ts';

resetAppBetweenTests();

/** The work queue loads 1.5 s after the first page. */
const WAIT = { timeout: 15_000 };

const status = (
  Id: number,
  Name: string,
  Count: number,
  subs: { Id: number; Name: string; Count: number }[] = [],
): JobStatusWithCount => ({
  Id,
  Name,
  Color: '#1565c0',
  Icon: 'Build',
  SortOrder: Id,
  RowVersion: 1,
  Count,
  CountCapped: false,
  SubStatuses: subs.map((s) => ({
    ...s,
    ParentId: Id,
    SetsOnMyWay: false,
    RowVersion: 1,
    CountCapped: false,
  })),
});

/** A server whose job 1 (status New) moves where ChangeStatus says, or that refuses every move. */
function workQueueServer(refusal?: string) {
  const moves: Req[] = [];
  let at = { status: 10, sub: 0 };
  const counts = () => [
    status(10, 'New', at.status === 10 ? 3 : 2),
    status(20, 'Planned', at.status === 20 ? 5 : 4, [{ Id: 2, Name: 'Booked', Count: at.sub === 2 ? 2 : 1 }]),
    status(70, 'Approved', 6),
  ];
  const handler = (req: Req) => {
    if (req.path === 'JobStatus/GetAll') return json(200, counts());
    if (req.path === 'JobList/Filtered')
      return json(200, { Content: [jobListItem(1, at.status)], TotalCount: 1, TotalCountCapped: false });
    if (req.method === 'PATCH' && req.path === 'Job/1/ChangeStatus') {
      moves.push(req);
      if (refusal) return json(400, { Message: refusal });
      const s = Number(req.query.get('jobStatusId'));
      at = { status: s, sub: Number(req.query.get('jobSubStatusId') ?? 0) };
      return json(200, {});
    }
    return undefined;
  };
  return { handler, moves };
}

/** A drag's data as the browser keeps it between dragstart and drop. */
function dataTransfer() {
  const data = new Map<string, string>();
  return {
    get types() {
      return [...data.keys()];
    },
    setData: (type: string, value: string) => data.set(type, value),
    getData: (type: string) => data.get(type) ?? '',
    effectAllowed: 'all',
    dropEffect: 'none',
  };
}

const group = (filter: string) => screen.getByTestId(`status-group-${filter}`);

describe('the job list as a work queue', () => {
  it('lists the status groups with their counts in the Jobs menu, the new jobs as its badge', async () => {
    const { handler } = workQueueServer();
    const { requests } = renderApp('/job/list/status-20-0', handler);
    const panel = await screen.findByTestId('nav-child-panel', {}, WAIT);
    expect(await within(panel).findByRole('heading', { name: 'Statuses' }, WAIT)).toBeTruthy();
    const planned = within(panel).getByRole('link', { name: /^Planned\s*4$/ });
    expect(planned.getAttribute('href')).toBe('/job/list/status-20-0');
    expect(planned.getAttribute('aria-current')).toBe('page');
    // The status of the route is open: its sub-statuses show below it.
    expect(
      within(panel)
        .getByRole('link', { name: /^Booked\s*1$/ })
        .getAttribute('href'),
    ).toBe('/job/list/status-20-2');
    expect(within(panel).queryByRole('link', { name: /Deleted/ })).toBeNull();
    // The Jobs rail item carries the new jobs' count.
    expect(await within(screen.getByTestId('menu-item-Job')).findByText('3', {}, WAIT)).toBeTruthy();
    expect(requests.some((r) => r.path === 'JobStatus/GetAll')).toBe(true);
  });

  it('a job dropped on a status is moved there and both counts change', async () => {
    const { handler, moves } = workQueueServer();
    renderApp('/job/list/status-10-0', handler);
    const item = within(await screen.findByTestId('job-item-1', {}, WAIT)).getAllByRole('link')[0]!;
    await waitFor(() => expect(group('status-20-0').dataset.count).toBe('4'), WAIT);
    const drag = dataTransfer();
    fireEvent.dragStart(item, { dataTransfer: drag });
    // Approved has a call of its own: it takes no drop.
    expect(fireEvent.dragOver(group('status-70-0'), { dataTransfer: drag })).toBe(true);
    expect(fireEvent.dragOver(group('status-20-0'), { dataTransfer: drag })).toBe(false);
    fireEvent.drop(group('status-20-0'), { dataTransfer: drag });
    await waitFor(() => expect(moves).toHaveLength(1));
    expect([moves[0]!.query.get('jobStatusId'), moves[0]!.query.get('jobSubStatusId')]).toEqual(['20', '0']);
    await waitFor(() => expect(group('status-20-0').dataset.count).toBe('5'), WAIT);
    expect(group('status-10-0').dataset.count).toBe('2');
  });

  it('moves the focused job with the keyboard: M opens the statuses, Enter moves it', async () => {
    const { handler, moves } = workQueueServer();
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0', handler);
    const item = within(await screen.findByTestId('job-item-1', {}, WAIT)).getAllByRole('link')[0]!;
    await waitFor(() => expect(group('status-20-0').dataset.count).toBe('4'), WAIT);
    item.focus();
    await user.keyboard('m');
    const menu = await screen.findByRole('menu', { name: 'Move Pump repair 1 to status' }, WAIT);
    // Its own status is marked and cannot be chosen, nor can approved.
    expect(within(menu).getByRole('menuitem', { name: /New/ }).getAttribute('aria-disabled')).toBe('true');
    expect(
      within(menu)
        .getByRole('menuitem', { name: /Approved/ })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await user.click(within(menu).getByRole('menuitem', { name: 'Booked' }));
    await waitFor(() => expect(moves).toHaveLength(1));
    expect([moves[0]!.query.get('jobStatusId'), moves[0]!.query.get('jobSubStatusId')]).toEqual(['20', '2']);
    await waitFor(() => expect(group('status-20-0').dataset.count).toBe('5'), WAIT);
  });

  it('a refused drop shows the server’s message and the job stays where it was', async () => {
    const { handler, moves } = workQueueServer('The sub-status does not belong to the status Planned.');
    renderApp('/job/list/status-10-0', handler);
    const item = within(await screen.findByTestId('job-item-1', {}, WAIT)).getAllByRole('link')[0]!;
    await waitFor(() => expect(group('status-20-0')).toBeTruthy(), WAIT);
    // Planned is not the route's status: its sub-statuses open with its toggle.
    fireEvent.click(screen.getByRole('button', { name: 'Expand Planned' }));
    const drag = dataTransfer();
    fireEvent.dragStart(item, { dataTransfer: drag });
    fireEvent.drop(group('status-20-2'), { dataTransfer: drag });
    await waitFor(() => expect(moves).toHaveLength(1));
    expect(
      await screen.findByText('The sub-status does not belong to the status Planned.', {}, WAIT),
    ).toBeTruthy();
    expect(screen.getByTestId('job-item-1')).toBeTruthy();
    expect(group('status-20-2').dataset.count).toBe('1');
    expect(group('status-10-0').dataset.count).toBe('3');
  });

  it('offers a customer no move: no button, and M does nothing', async () => {
    const { handler } = workQueueServer();
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0', handler, bundle(5));
    const item = await screen.findByTestId('job-item-1', {}, WAIT);
    expect(within(item).queryByRole('button', { name: 'Move to status…' })).toBeNull();
    within(item).getAllByRole('link')[0]!.focus();
    await user.keyboard('m');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
