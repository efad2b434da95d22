// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  fill,
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  stubMatchMedia,
  where,
} from '../../test/app-harness.tsx';
import { jobListItem, jobRecord } from './test-data.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const types = [
  { Id: 1, Name: 'Service' },
  { Id: 2, Name: 'Repair' },
];
const priorities = [
  { Id: 1, Name: 'Urgent', DueAfterHours: 4 },
  { Id: 3, Name: 'Normal', DueAfterHours: 72 },
];
const departments = {
  Content: [{ Id: 5, Name: 'Oslo workshop', IsActive: true, UserCount: 3, RowVersion: 1 }],
  TotalCount: 1,
};

/** A server with two jobs, the lookups, and the whole job of any id (job 3's parent is job 9). */
function server(requests: Req[], over: Record<number, object> = {}) {
  return (req: Req) => {
    requests.push(req);
    if (req.path === 'JobList/Filtered')
      return json(200, { Content: [jobListItem(1), jobListItem(2)], TotalCount: 2, TotalCountCapped: false });
    if (req.path === 'jobtype') return json(200, types);
    if (req.path === 'jobpriority') return json(200, priorities);
    if (req.path === 'Department/Filtered') return json(200, departments);
    const m = /^job\/(\d+)$/.exec(req.path);
    if (m) return json(200, jobRecord(Number(m[1]), over[Number(m[1])] ?? {}));
    return undefined;
  };
}

const lastListBody = (requests: Req[]) => requests.filter((r) => r.path === 'JobList/Filtered').at(-1)?.body;

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }, WAIT));
  await user.keyboard('{Escape}');
}

describe('the job list’s filters beside its search', () => {
  it('narrows the list by type and priority, keeps them in the route, and clears them', async () => {
    const requests: Req[] = [];
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0', server(requests));
    await screen.findByTestId('job-item-1', {}, WAIT);
    await choose(user, 'Job type', 'Service');
    await waitFor(() => expect(where()).toBe('/job/list/status-10-0?type=1'));
    await choose(user, 'Priority', 'Urgent');
    await waitFor(() => expect(where()).toBe('/job/list/status-10-0?type=1&priority=1'));
    await waitFor(() =>
      expect(lastListBody(requests)).toMatchObject({
        JobStatusIdList: [10],
        JobTypeIdList: [1],
        JobPriorityIdList: [1],
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Job type' }).textContent).toBe('Service');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/job/list/status-10-0'));
    await waitFor(() => expect(lastListBody(requests)).not.toHaveProperty('JobTypeIdList'));
  });

  it('sends the departments chosen and the search word', async () => {
    const requests: Req[] = [];
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/my', server(requests));
    await screen.findByTestId('job-item-1', {}, WAIT);
    await choose(user, 'Department', 'Oslo workshop');
    await fill(user, screen.getByRole('searchbox', { name: 'Search jobs' }), 'pump');
    await waitFor(() => expect(where()).toBe('/job/list/my?department=5&q=pump'), WAIT);
    await waitFor(() =>
      expect(lastListBody(requests)).toMatchObject({
        AssignedToMe: true,
        OrderDepartmentIdList: [5],
        SearchWord: 'pump',
      }),
    );
  });

  it('saves the current filter under a name, applies it and deletes it', async () => {
    const requests: Req[] = [];
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0?type=2&priority=3', server(requests));
    await screen.findByTestId('job-item-1', {}, WAIT);
    await user.click(await screen.findByRole('button', { name: 'Saved filters' }, WAIT));
    let dialog = await screen.findByRole('dialog', { name: 'Saved filters' }, WAIT);
    expect(within(dialog).getByText('No saved filters yet.')).toBeTruthy();
    // A name is required.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Filter name' }), 'Normal repairs');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Filter Normal repairs saved.', {}, WAIT)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('CustomJobListFilterList') ?? '[]')).toEqual([
      {
        Name: 'Normal repairs',
        SearchWord: '',
        JobTypeIdList: [2],
        JobPriorityIdList: [3],
        OrderDepartmentIdList: [],
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(await screen.findByRole('button', { name: 'Clear filters' }, WAIT));
    await waitFor(() => expect(where()).toBe('/job/list/status-10-0'));
    await user.click(await screen.findByRole('button', { name: 'Saved filters' }, WAIT));
    dialog = await screen.findByRole('dialog', { name: 'Saved filters' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Apply filter Normal repairs' }));
    await waitFor(() => expect(where()).toBe('/job/list/status-10-0?type=2&priority=3'));
    await waitFor(() =>
      expect(lastListBody(requests)).toMatchObject({ JobTypeIdList: [2], JobPriorityIdList: [3] }),
    );

    await user.click(await screen.findByRole('button', { name: 'Saved filters' }, WAIT));
    dialog = await screen.findByRole('dialog', { name: 'Saved filters' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Delete filter Normal repairs' }));
    expect(await within(dialog).findByText('No saved filters yet.', {}, WAIT)).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('CustomJobListFilterList') ?? '[]')).toEqual([]);
  });
});

describe('the preview pane', () => {
  it('closes a panel and remembers it for the job list only; shows the parent job; offers a new appointment below 70', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0?jobId=3', server([], { 3: { ParentId: 9 } }));
    const preview = await screen.findByTestId('job-summary', {}, WAIT);
    const customer = within(preview).getByRole('button', { name: 'Customer' });
    expect(customer.getAttribute('aria-expanded')).toBe('true');
    await user.click(customer);
    expect(customer.getAttribute('aria-expanded')).toBe('false');
    const stored = JSON.parse(localStorage.getItem('JobPreviewPaneMode') ?? '{}');
    expect(stored.JobList).not.toContain('customer');
    expect(stored.JobList).toContain('appointments');
    expect(stored.SearchResults).toBeUndefined();

    const parent = await within(screen.getByTestId('panel-parent')).findByRole(
      'link',
      { name: /Pump repair 9/ },
      WAIT,
    );
    expect(parent.getAttribute('href')).toBe('/job/list/status-10-0/view/9');
    const planning = within(preview).getByRole('link', { name: 'New appointment' });
    expect(planning.getAttribute('href')).toBe('/job/list/status-10-0/view/3/planning/new');
  });

  it('offers no new appointment for an approved job, and no parent panel without a parent', async () => {
    renderApp(
      '/job/list/status-70-0?jobId=4',
      server([], { 4: { JobStatusId: 70, StatusName: 'Approved', IsCompleteable: false } }),
    );
    const preview = await screen.findByTestId('job-summary', {}, WAIT);
    expect(within(preview).getByRole('button', { name: 'Appointments' })).toBeTruthy();
    expect(within(preview).queryByRole('link', { name: 'New appointment' })).toBeNull();
    expect(screen.queryByTestId('panel-parent')).toBeNull();
  });

  it('opens over the list as a dialog where both do not fit, and Escape closes it back to the list', async () => {
    stubMatchMedia(800);
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/status-10-0', server([]));
    const item = await screen.findByTestId('job-item-1', {}, WAIT);
    await user.click(within(item).getByRole('link'));
    const dialog = await screen.findByRole('dialog', { name: 'Job preview' }, WAIT);
    expect(await within(dialog).findByTestId('job-summary', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(where()).toBe('/job/list/status-10-0'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(item).getByRole('link')));
  });
});
