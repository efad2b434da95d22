// @vitest-environment jsdom
import type { JobStatusWithCount } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { jobListItem } from './test-data.ts';

resetAppBetweenTests(390);

const WAIT = { timeout: 15_000 };

const statuses: JobStatusWithCount[] = [10, 20].map((Id) => ({
  Id,
  Name: Id === 10 ? 'New' : 'Planned',
  Color: '#1565c0',
  Icon: 'Build',
  SortOrder: Id,
  RowVersion: 1,
  Count: Id / 10,
  CountCapped: false,
  SubStatuses: [],
}));

describe('the work queue on a phone', () => {
  it("lists the status groups under Jobs in the drawer's one list; one opens its job list and closes the drawer", async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/job/list/my', (req: Req) => {
      if (req.path === 'JobStatus/GetAll') return json(200, statuses);
      if (req.path === 'JobList/Filtered')
        return json(200, { Content: [jobListItem(1)], TotalCount: 1, TotalCountCapped: false });
      return undefined;
    });
    await screen.findByTestId('job-item-1', {}, WAIT);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByTestId('nav-drawer', {}, WAIT);
    // Jobs is the active route: its children open by themselves, the status groups after them.
    const planned = await within(drawer).findByRole('link', { name: /^Planned\s*2$/ }, WAIT);
    expect(within(drawer).getByRole('heading', { name: 'Statuses' })).toBeTruthy();
    await user.click(planned);
    await waitFor(() => expect(where()).toBe('/job/list/status-20-0'));
  });
});
