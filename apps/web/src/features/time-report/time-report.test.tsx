// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  dateShown,
  fill,
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  typeDate,
} from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();
const WAIT = { timeout: 15_000 };
const DAYS = [
  '2026-03-02',
  '2026-03-03',
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
];

const jobRow = {
  Kind: 'Job',
  Id: 31,
  UserId: 5,
  WorkDate: '2026-03-03',
  Hours: 7.5,
  ArticleNumber: 'T-1',
  Description: 'Service hour',
  Comment: '',
  JobId: 12,
  ParentJobId: 11,
  OrderId: '10001',
  JobName: 'Pump service',
  Locked: false,
  RowVersion: 1,
};
const week = (over: object = {}, rows: object[] = [jobRow]) => ({
  UserId: 5,
  UserName: 'Tess Tester',
  WeeklyHours: 37.5,
  TotalHours: 7.5,
  DayTotals: [0, 7.5, 0, 0, 0, 0, 0],
  Approved: false,
  ApprovedAt: null,
  ApprovedByName: null,
  Rows: rows,
  ...over,
});
const ARTICLES = [
  { ArticleId: 1, ArticleNumber: 'T-1', Name: 'Service hour', Description: '', Unit: 'h' },
  { ArticleId: 2, ArticleNumber: 'T-2', Name: 'Travel', Description: 'Driving to customers', Unit: 'h' },
];

function server(users: object[], extra: (req: Req) => Response | undefined = () => undefined) {
  return (req: Req) => {
    if (req.method === 'GET' && req.path === 'TimeReport')
      return json(200, { WeekStart: DAYS[0], WeekEnd: DAYS[6], Days: DAYS, Users: users });
    if (req.path === 'TimeReport/TimeArticleDescription') return json(200, ARTICLES);
    return extra(req);
  };
}

describe('the hour list and the time report', () => {
  it('the hour list shows the week per day and job with the totals against the employment', async () => {
    const { requests } = renderApp('/my-page/myhourlist?week=2026-03-04', server([week()]), bundle(2));
    const line = await screen.findByTestId('grid-line', {}, WAIT);
    expect(line.textContent).toContain('10001 · Pump service');
    expect(line.textContent).toContain('7.5');
    expect(screen.getByTestId('week-total').textContent).toBe('7.5 of 37.5 h');
    expect(screen.getByText('30 h short')).toBeTruthy();
    expect(screen.getByTestId('week-title').textContent).toContain('Week 10');
    const read = requests.find((r) => r.path === 'TimeReport')!;
    expect(read.query.get('WeekStart')).toBe('2026-03-02');
    expect(read.query.get('UserId')).toBeNull();
  });

  it('reports hours; a day over 24 hours shows the server’s message and the dialog stays', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: unknown[] = [];
    const message = 'At most 24 hours can be reported on one day: 2026-03-03 would have 25.5 hours.';
    renderApp(
      '/my-page/myhourlist?week=2026-03-02',
      server([week()], (req) => {
        if (req.method === 'POST' && req.path === 'TimeReport/AddRow') {
          sent.push(req.body);
          return json(400, { Message: message, Errors: [{ Field: 'Hours', Message: message }] });
        }
        return undefined;
      }),
      bundle(2),
    );
    await user.click(await screen.findByTestId('add-hours', {}, WAIT));
    const dialog = await screen.findByTestId('row-dialog');
    await typeDate(user, await within(dialog).findByTestId('row-date'), '03032026');
    await fill(user, within(dialog).getByTestId('row-hours'), '18');
    await user.click(within(dialog).getByRole('combobox', { name: /Time article/ }));
    await user.click(await screen.findByRole('option', { name: 'T-2 · Travel' }));
    await user.click(within(dialog).getByTestId('row-save'));
    expect((await screen.findByTestId('row-refusal')).textContent).toBe(message);
    expect(sent).toEqual([{ WorkDate: '2026-03-03', Hours: '18', ArticleNumber: 'T-2' }]);
    expect(screen.getByTestId('row-dialog')).toBeTruthy();
  });

  it('a new row starts on today in the company’s zone: just after midnight in Oslo, not UTC’s yesterday', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-02T23:30:00Z')); // 00:30 on Tuesday 3 March in Oslo
      const user = userEvent.setup({ delay: null });
      renderApp('/my-page/myhourlist?week=2026-03-02', server([week()]), bundle(2));
      await user.click(await screen.findByTestId('add-hours', {}, WAIT));
      const dialog = await screen.findByTestId('row-dialog');
      expect(dateShown(await within(dialog).findByTestId('row-date'))).toBe('03.03-2026');
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens on the company’s week: at 00:30 on Monday in Oslo, the new week, though the browser’s clock (UTC) is still on Sunday', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-01T23:30:00Z')); // 00:30 on Monday 2 March in Oslo
      const { requests } = renderApp('/my-page/myhourlist', server([week()]), bundle(2));
      await screen.findByTestId('grid-line', {}, WAIT);
      expect(requests.find((r) => r.path === 'TimeReport')?.query.get('WeekStart')).toBe('2026-03-02');
    } finally {
      vi.useRealTimers();
      process.env.TZ = zone;
    }
  });

  it('reports hours on one of the technician’s jobs, picked by searching them', async () => {
    const user = userEvent.setup({ delay: null });
    const sent: unknown[] = [];
    const { requests } = renderApp(
      '/my-page/myhourlist?week=2026-03-02',
      server([week()], (req) => {
        if (req.path === 'JobList/Filtered')
          return json(200, {
            Content: [
              {
                Id: 11,
                OrderId: '10001',
                DisplayName: 'Pump service',
                CustomerName: 'Fjord Mekaniske AS',
                Machines: [
                  { Id: 12, MachineId: 3, MachineName: 'Pump A', CustomerComment: '', InvoiceComment: '' },
                  { Id: 13, MachineId: 4, MachineName: 'Pump B', CustomerComment: '', InvoiceComment: '' },
                ],
              },
            ],
            TotalCount: 1,
          });
        if (req.method === 'POST' && req.path === 'TimeReport/AddRow') {
          sent.push(req.body);
          return json(200, { ...jobRow, Id: 32, JobId: 13 });
        }
        return undefined;
      }),
      bundle(2),
    );
    await user.click(await screen.findByTestId('add-hours', {}, WAIT));
    const dialog = await screen.findByTestId('row-dialog');
    await typeDate(user, await within(dialog).findByTestId('row-date'), '03032026');
    await fill(user, within(dialog).getByTestId('row-hours'), '2');
    await user.click(within(dialog).getByRole('combobox', { name: /Time article/ }));
    await user.click(await screen.findByRole('option', { name: 'T-1 · Service hour' }));
    const picker = within(dialog).getByRole('combobox', { name: /^Job: order number, customer or machine/ });
    await user.click(picker);
    await user.type(picker, 'Pump');
    await user.click(await screen.findByRole('option', { name: /10001 · Pump service · Pump B/ }, WAIT));
    // The technician's own jobs: on opening, then searched.
    const searches = requests.filter((r) => r.path === 'JobList/Filtered').map((r) => r.body);
    expect(searches[0]).toMatchObject({ AssignedToMe: true });
    expect(searches).toContainEqual(expect.objectContaining({ SearchWord: 'Pump', AssignedToMe: true }));
    await user.click(within(dialog).getByTestId('row-save'));
    await waitFor(() =>
      expect(sent).toEqual([{ WorkDate: '2026-03-03', Hours: '2', ArticleNumber: 'T-1', JobId: 13 }]),
    );
  });

  it('the calendar mode shows the days with their rows when licensed', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/my-page/myhourlist?week=2026-03-02', server([week()]), bundle(2));
    await user.click(await screen.findByTestId('mode-calendar', {}, WAIT));
    const calendar = await screen.findByTestId('calendar-week');
    const tuesday = within(calendar).getByRole('region', { name: /03\.03/ });
    expect(tuesday.textContent).toContain('7.5 h');
  });

  it('without the TimeReportCalendar licence there is no calendar mode', async () => {
    renderApp(
      '/my-page/myhourlist',
      server([week()]),
      bundle(2, { licences: { TimeReportCalendar: false } }),
    );
    await screen.findByTestId('grid-line', {}, WAIT);
    expect(screen.queryByTestId('mode-calendar')).toBeNull();
  });

  it('the office sees every technician and approves a week; an approved week is locked', async () => {
    const user = userEvent.setup({ delay: null });
    const approvals: unknown[] = [];
    renderApp(
      '/dashboard/timereport?week=2026-03-02',
      server(
        [
          week(),
          week(
            {
              UserId: 6,
              UserName: 'Sam Second',
              TotalHours: 0,
              DayTotals: [0, 0, 0, 0, 0, 0, 0],
              Approved: true,
              ApprovedAt: '2026-03-09T08:00:00.000Z',
              ApprovedByName: 'Olga Office',
            },
            [],
          ),
        ],
        (req) => {
          if (req.path === 'TimeReport/Approve') {
            approvals.push(req.body);
            return json(200, {
              UserId: 5,
              WeekStart: DAYS[0],
              Approved: true,
              ApprovedAt: null,
              ApprovedByName: 'Olga Office',
            });
          }
          return undefined;
        },
      ),
      bundle(1),
    );
    const list = await screen.findByTestId('people-list', {}, WAIT);
    expect(within(list).getByText('Tess Tester')).toBeTruthy();
    expect(within(list).getByText('Sam Second')).toBeTruthy();
    await user.click(screen.getByTestId('approve-week'));
    await waitFor(() => expect(approvals).toEqual([{ UserId: 5, WeekStart: '2026-03-02', Approved: true }]));
    await user.click(within(list).getByTestId('person-6'));
    expect(await screen.findByTestId('week-approved')).toBeTruthy();
    expect(screen.getByTestId('reopen-week')).toBeTruthy();
    expect(screen.queryByTestId('add-hours')).toBeNull();
  });

  it('with ShowNewTimeReport off the office is pointed to the classic time report', async () => {
    const info = bundle(1);
    info.GlobalSettings.ShowNewTimeReport = false;
    renderApp('/dashboard/timereport', server([week()]), info);
    const notice = await screen.findByTestId('classic-notice', {}, WAIT);
    expect(
      within(notice).getByRole('link', { name: 'Open the classic time report' }).getAttribute('href'),
    ).toContain('/old-site?page=');
  });

  it('a technician cannot open the office’s report', async () => {
    renderApp('/dashboard/timereport', server([week()]), bundle(2));
    expect(await screen.findByText(/You do not have access/, {}, WAIT)).toBeTruthy();
  });
});
