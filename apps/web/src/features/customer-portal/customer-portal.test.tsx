// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const MANAGER = bundle(4);

const status = (Id: number, Name: string) => ({
  Id,
  Name,
  Color: '#1976d2',
  Icon: 'Event',
  SortOrder: Id,
  Count: 1,
  CountCapped: false,
  SubStatuses: [],
});
const statuses = [status(10, 'New'), status(20, 'Planned'), status(50, 'Completed'), status(110, 'Deleted')];

const job = (
  Id: number,
  DisplayName: string,
  JobStatusId: number,
  appointments: [string, string][] = [],
) => ({
  Id,
  DisplayName,
  JobStatusId,
  StatusName: statuses.find((s) => s.Id === JobStatusId)!.Name,
  StatusColor: '#1976d2',
  StatusIcon: 'Event',
  JobSubStatusId: null,
  SubStatusName: null,
  JobTypeId: 2,
  JobTypeName: 'Repair',
  JobPriorityId: 3,
  PriorityName: 'Normal',
  DueAfterHours: 72,
  CreatedDate: '2026-11-20T09:00:00',
  daysAgo: 2,
  hoursAgo: 50,
  FirstLineComment: '',
  OrderId: String(1000 + Id),
  OrderIdMalformed: false,
  CustomerId: 4,
  CustomerName: 'Fjord Bakeri AS',
  DeliveryAddress: null,
  Machines: [
    { Id: Id * 10, MachineId: 7, MachineName: 'Deck oven', CustomerComment: '', InvoiceComment: '' },
  ],
  Appointments: appointments.map(([StartTime, EndTime], i) => ({
    Id: Id * 100 + i,
    Subject: DisplayName,
    StartTime,
    EndTime,
    Type: 1,
    IsAbsence: false,
    Participants: [],
  })),
});

const machine = {
  Id: 7,
  DisplayName: 'Deck oven',
  Name: 'Deck oven',
  SerialNumber: 'SN-4411',
  Qrcode: null,
  IsActive: true,
  CustomerId: 4,
  CustomerName: 'Fjord Bakeri AS',
  MachineModel: { Id: 2, Name: 'Rational 61', MachineType: { Id: 1, Name: 'Oven' } },
  AssetType: null,
};

const server = (req: Req) => {
  if (req.path === 'JobStatus/GetAll') return json(200, statuses);
  if (req.path === 'JobList/Filtered') {
    const ids = (req.body as { JobStatusIdList: number[] }).JobStatusIdList;
    const rows = ids.includes(50)
      ? [job(3, 'Yearly service', 50)]
      : [
          // One past visit and one to come: the one to come is the next.
          job(1, 'Oven does not heat', 20, [
            ['2020-01-02T08:00:00', '2020-01-02T09:00:00'],
            ['2099-12-01T08:00:00', '2099-12-01T10:30:00'],
          ]),
          job(2, 'Door seal', 10),
        ];
    return json(200, { Content: rows, TotalCount: rows.length, TotalCountCapped: false });
  }
  if (req.path === 'Machine/Filtered') {
    const word = (req.body as { SearchWord: string | null }).SearchWord;
    const rows = !word || 'deck oven sn-4411'.includes(word.toLowerCase()) ? [machine] : [];
    return json(200, { Content: rows, TotalCount: rows.length });
  }
  if (req.path === 'machine/7')
    return json(200, {
      ...machine,
      MachineModelId: 2,
      AssetTypeId: null,
      Supplier: null,
      DeliveryAddressId: 5,
      DeliveryAddress: null,
    });
  if (req.path === 'jobpriority')
    return json(200, [
      { Id: 1, Name: 'Critical', DueAfterHours: 4 },
      { Id: 3, Name: 'Normal', DueAfterHours: 72 },
    ]);
  if (req.path === 'machine/7/FaultReport') return json(200, { Id: 44, OrderId: '1044', JobStatusId: 10 });
  return undefined;
};

describe('the customer portal', () => {
  it('lands a customer manager on the company’s open jobs, each with the next visit’s date and window', async () => {
    const { requests } = renderApp('/', server, MANAGER);
    expect(await screen.findByRole('heading', { name: 'Our open jobs' }, WAIT)).toBeTruthy();
    expect(where()).toBe('/my-company/jobs');
    expect(await screen.findByRole('heading', { name: '2 open jobs' }, WAIT)).toBeTruthy();
    const planned = screen.getByTestId('portal-job-1');
    expect(within(planned).getByRole('link', { name: 'Oven does not heat' })).toBeTruthy();
    expect(within(planned).getByTestId('next-visit').textContent).toBe('Next visit: 01.12-2099, 08:00–10:30');
    expect(within(screen.getByTestId('portal-job-2')).getByTestId('next-visit').textContent).toBe(
      'No visit planned yet',
    );
    // Open jobs are those below completed; the finished ones (deleted left out) have their reports.
    const lists = requests.filter((r) => r.path === 'JobList/Filtered').map((r) => r.body);
    expect(lists).toContainEqual(expect.objectContaining({ JobStatusIdList: [10, 20] }));
    expect(lists).toContainEqual(expect.objectContaining({ JobStatusIdList: [50] }));
    const done = await screen.findByTestId('portal-done-3', {}, WAIT);
    expect(within(done).getByRole('button', { name: 'Service report of Yearly service' })).toBeTruthy();
  });

  it('shows a long list 50 at a time, the next 50 on Show more', async () => {
    const user = userEvent.setup();
    // 60 finished jobs: the first page holds 50, the second the other 10.
    const finished = Array.from({ length: 60 }, (_, i) => job(100 + i, `Service ${i + 1}`, 50));
    const { requests } = renderApp(
      '/',
      (req) => {
        const body = req.body as { JobStatusIdList?: number[]; Page?: number; ItemsPerPage?: number };
        if (req.path === 'JobList/Filtered' && body.JobStatusIdList?.includes(50)) {
          const from = ((body.Page ?? 1) - 1) * (body.ItemsPerPage ?? 50);
          const rows = finished.slice(from, from + (body.ItemsPerPage ?? 50));
          return json(200, { Content: rows, TotalCount: finished.length, TotalCountCapped: false });
        }
        return server(req);
      },
      MANAGER,
    );
    const more = await screen.findByRole('button', { name: 'Show more (50 of 60)' }, WAIT);
    expect(screen.queryByTestId('portal-done-150')).toBeNull();
    await user.click(more);
    expect(await screen.findByTestId('portal-done-159', {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show more/ })).toBeNull();
    const pages = requests
      .filter(
        (r) =>
          r.path === 'JobList/Filtered' &&
          (r.body as { JobStatusIdList: number[] }).JobStatusIdList.includes(50),
      )
      .map((r) => (r.body as { Page: number }).Page);
    expect(pages).toEqual([1, 2]);
  });

  it('lists and searches the company’s machines, each opening its page', async () => {
    const user = userEvent.setup();
    renderApp('/my-company/machines', server, MANAGER);
    expect(await screen.findByRole('link', { name: 'Deck oven' }, WAIT)).toBeTruthy();
    await fill(user, screen.getByLabelText('Search by name, serial number or QR code'), 'pump');
    expect(await screen.findByText('0 machines', {}, WAIT)).toBeTruthy();
    await fill(user, screen.getByLabelText('Search by name, serial number or QR code'), 'SN-44');
    await user.click(await screen.findByRole('link', { name: 'Deck oven' }, WAIT));
    expect(await screen.findByText('SN-4411', {}, WAIT)).toBeTruthy();
    expect(where()).toBe('/my-company/machines/7');
    expect(screen.getByRole('heading', { name: 'Report a fault' })).toBeTruthy();
  });

  it('reports a fault: an empty description is refused, a filled one makes the job and links it', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp('/my-company/machines/7', server, MANAGER);
    const send = await screen.findByRole('button', { name: 'Send report' }, WAIT);
    await user.click(send);
    expect(await screen.findByText('This field is required', {}, WAIT)).toBeTruthy();
    expect(requests.some((r) => r.path === 'machine/7/FaultReport')).toBe(false);

    await fill(
      user,
      screen.getByRole('textbox', { name: /What is wrong/ }),
      'The oven stops after ten minutes',
    );
    await user.click(screen.getByRole('combobox', { name: /How urgent/ }));
    await user.click(await screen.findByRole('option', { name: 'Critical' }, WAIT));
    await user.click(send);
    expect(await screen.findByText(/Job 1044 is in the service team's queue/, {}, WAIT)).toBeTruthy();
    expect(requests.filter((r) => r.path === 'machine/7/FaultReport').map((r) => r.body)).toEqual([
      { Description: 'The oven stops after ten minutes', JobPriorityId: 1 },
    ]);
    expect(screen.getByRole('link', { name: 'Open the job' }).getAttribute('href')).toBe(
      '/job/list/status-10-0/view/44',
    );
  });
});
