// @vitest-environment jsdom
import type { JobListItem } from '@fieldport/contract';
import { alpha, ThemeProvider } from '@mui/material/styles';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { createAppTheme } from '../../theme/index.ts';
import { JobListTable, type JobListTableProps } from './components/JobListTable.tsx';
import { createdToday, deadlineLevel, jobAge } from './components/job-time.ts';

const lightTheme = createAppTheme('light');

/** 10:30 UTC on 18 March 2026 is 11:30 in Oslo (winter time). */
const NOW = new Date('2026-03-18T10:30:00Z');
const ZONE = 'Europe/Oslo';

let nextId = 100;
function job(over: Partial<JobListItem> = {}): JobListItem {
  const id = nextId++;
  return {
    Id: id,
    DisplayName: `Annual service ${id}`,
    JobStatusId: 10,
    StatusName: 'New',
    StatusColor: '#757575',
    StatusIcon: 'FiberNew',
    JobSubStatusId: null,
    SubStatusName: null,
    JobTypeId: 1,
    JobTypeName: 'Service',
    JobPriorityId: 3,
    PriorityName: 'Normal',
    DueAfterHours: 72,
    CreatedDate: '2026-03-18T09:15:00',
    daysAgo: 0,
    hoursAgo: 2,
    FirstLineComment: '',
    OrderId: String(10000 + id),
    OrderIdMalformed: false,
    CustomerId: 7,
    CustomerName: 'Berg Mekaniske AS',
    DeliveryAddress: { Street: 'Storgata 1', Zip: '0150', City: 'Oslo', Country: 'Norway' },
    Machines: [],
    Appointments: [],
    ...over,
  };
}

function renderTable(items: JobListItem[], over: Partial<JobListTableProps> = {}) {
  const props: JobListTableProps = {
    items,
    label: 'Jobs',
    hrefOf: (j) => `/job/list/status-${j.JobStatusId}-0/view/${j.Id}`,
    onSelect: vi.fn(),
    onOpen: vi.fn(),
    timeZone: ZONE,
    now: NOW,
    ...over,
  };
  render(
    <ThemeProvider theme={lightTheme}>
      <MemoryRouter>
        <JobListTable {...props} />
      </MemoryRouter>
    </ThemeProvider>,
  );
  return props;
}
const item = (j: JobListItem) => screen.getByTestId(`job-item-${j.Id}`);

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('the job list table', () => {
  it('warns of a malformed order id on that job only', () => {
    const bad = job({ OrderId: null, OrderIdMalformed: true });
    const good = job();
    renderTable([bad, good]);
    expect(within(item(bad)).getByTestId('job-malformed-order-id').textContent).toBe('Malformed Order Id');
    expect(within(item(good)).queryByText('Malformed Order Id')).toBeNull();
  });

  it('shows the time and “today” for a job created today in the company’s zone, else the date', () => {
    const today = job({ CreatedDate: '2026-03-18T09:15:00' });
    // 23:50 the evening before in Oslo: yesterday there, even where the browser's day differs.
    const yesterday = job({ CreatedDate: '2026-03-17T23:50:00' });
    renderTable([today, yesterday]);
    expect(within(item(today)).getByTestId('job-created').textContent).toBe('09:15 today · 2 hours');
    expect(within(item(yesterday)).getByTestId('job-created').textContent).toBe('17.03-2026 · 11 hours');
    // A week old: its age in days, with no hours (000 §9).
    expect(jobAge('2026-03-11T08:00:00', NOW, ZONE)).toEqual({ days: 7 });
    expect(jobAge('2026-03-18T11:29:00', NOW, ZONE)).toEqual({ hours: 0 });
    expect(createdToday('2026-03-18T00:05:00', NOW, ZONE)).toBe(true);
    // 10:30 UTC is already the next day on Kiritimati (UTC+14).
    expect(createdToday('2026-03-18T09:15:00', NOW, 'Pacific/Kiritimati')).toBe(false);
  });

  it('colours the priority by its deadline: red when past, highlighted within 24 hours', () => {
    const past = job({ PriorityName: 'Critical', DueAfterHours: 4, CreatedDate: '2026-03-18T06:00:00' });
    const soon = job({ PriorityName: 'High', DueAfterHours: 24, CreatedDate: '2026-03-17T22:00:00' });
    const later = job({ PriorityName: 'Normal', DueAfterHours: 72, CreatedDate: '2026-03-18T09:15:00' });
    const done = job({
      JobStatusId: 50,
      StatusName: 'Completed',
      DueAfterHours: 4,
      CreatedDate: '2026-03-01T06:00:00',
    });
    const none = job({ JobPriorityId: null, PriorityName: null, DueAfterHours: null });
    renderTable([past, soon, later, done, none]);
    const priority = (j: JobListItem) => within(item(j)).getByTestId('job-priority');
    expect(priority(past).dataset.deadline).toBe('error');
    expect(priority(past).title).toBe('Past the priority deadline');
    expect(getComputedStyle(priority(past)).color).toBe(hexToRgb(lightTheme.palette.error.main));
    expect(priority(soon).dataset.deadline).toBe('warning');
    // Highlighted behind text of the page's own colour (AA contrast), not coloured text.
    expect(getComputedStyle(priority(soon)).backgroundColor).toBe(
      alpha(lightTheme.palette.warning.main, 0.22).replace(/,(?=\S)/g, ', '),
    );
    expect(getComputedStyle(priority(soon)).color).toBe(hexToRgb(lightTheme.palette.text.primary));
    expect(priority(later).dataset.deadline).toBe('ok');
    expect(getComputedStyle(priority(later)).color).not.toBe(hexToRgb(lightTheme.palette.error.main));
    // A completed job is not due any more.
    expect(priority(done).dataset.deadline).toBe('ok');
    expect(within(item(none)).queryByTestId('job-priority')).toBeNull();
    // The rule itself, around the 24-hour mark (000 §9).
    const at = (h: number) =>
      deadlineLevel(
        { DueAfterHours: 48, CreatedDate: '2026-03-18T11:30:00', JobStatusId: 10 },
        new Date(NOW.getTime() + h * 3_600_000),
        ZONE,
      );
    expect([at(23.9), at(24.1), at(47.9), at(48.1)]).toEqual([null, 'warning', 'warning', 'error']);
  });

  it('shows status, type, first-line comment, machines with their comments, and the address with a map link', () => {
    const j = job({
      StatusName: 'Planned',
      StatusIcon: 'Event',
      StatusColor: '#1976d2',
      SubStatusName: 'Confirmed with customer',
      JobTypeName: 'Repair',
      FirstLineComment: 'Key at the reception',
      Machines: [
        {
          Id: 1,
          MachineId: 5,
          MachineName: 'Compressor GA 30',
          CustomerComment: 'Loud noise',
          InvoiceComment: 'Warranty',
        },
        { Id: 2, MachineId: 6, MachineName: 'Dryer FD 40', CustomerComment: '', InvoiceComment: '' },
      ],
    });
    const bare = job({ DeliveryAddress: null });
    renderTable([j, bare]);
    const row = within(item(j));
    expect(row.getByRole('img', { name: 'Planned – Confirmed with customer' })).toBeTruthy();
    expect(row.getByText('Repair')).toBeTruthy();
    expect(row.getByText('Key at the reception')).toBeTruthy();
    const machines = row.getByRole('list', { name: 'Machines' });
    expect(
      within(machines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Compressor GA 30: Loud noise (invoice: Warranty)', 'Dryer FD 40']);
    expect(row.getByText('Storgata 1, 0150 Oslo, Norway')).toBeTruthy();
    const map = row.getByRole('link', { name: 'View on map' });
    expect(map.getAttribute('href')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Storgata%201%2C%200150%20Oslo%2C%20Norway',
    );
    expect(map.getAttribute('target')).toBe('_blank');
    expect(within(item(bare)).getByText('No customer address')).toBeTruthy();
    expect(within(item(bare)).queryByRole('link', { name: 'View on map' })).toBeNull();
  });

  it('selects on click or Enter, opens on double click or Ctrl+Enter, and leaves ctrl and middle clicks to the browser', () => {
    const a = job();
    const b = job();
    const props = renderTable([a, b], { selectedId: b.Id });
    const link = (j: JobListItem) => within(item(j)).getAllByRole('link')[0]!;
    expect(link(a).getAttribute('href')).toBe(`/job/list/status-10-0/view/${a.Id}`);
    expect(link(b).getAttribute('aria-current')).toBe('true');
    expect(link(a).getAttribute('aria-current')).toBeNull();

    fireEvent.click(link(a));
    expect(props.onSelect).toHaveBeenCalledWith(a);
    fireEvent.doubleClick(link(a));
    expect(props.onOpen).toHaveBeenCalledWith(a);
    fireEvent.keyDown(link(b), { key: 'Enter' });
    expect(props.onSelect).toHaveBeenLastCalledWith(b);
    expect(props.onOpen).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(link(b), { key: 'Enter', ctrlKey: true });
    expect(props.onOpen).toHaveBeenLastCalledWith(b);

    vi.mocked(props.onSelect).mockClear();
    const ctrl = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link(a).dispatchEvent(ctrl);
    expect(props.onSelect).not.toHaveBeenCalled();
  });

  it('is one tab stop: only the selected job’s link is in the tab order; G opens its map, Escape closes the preview', () => {
    const a = job();
    const b = job();
    const c = job();
    const onEscape = vi.fn();
    renderTable([a, b, c], { selectedId: b.Id, onEscape });
    const tabbable = screen
      .getByTestId('job-list')
      .querySelectorAll('a[href]:not([tabindex="-1"]), button:not([tabindex="-1"])');
    expect(
      [...tabbable].map((el) => el.closest('[data-testid^="job-item-"]')?.getAttribute('data-testid')),
    ).toEqual([`job-item-${b.Id}`]);
    const link = within(item(b)).getAllByRole('link')[0]!;
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    fireEvent.keyDown(link, { key: 'g' });
    expect(open).toHaveBeenCalledWith(expect.stringContaining('maps'), '_blank', 'noopener,noreferrer');
    open.mockRestore();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(onEscape).toHaveBeenCalledTimes(1);
  });

  it('is translated', async () => {
    await setLanguage('no');
    const j = job({ OrderIdMalformed: true, DeliveryAddress: null });
    renderTable([j]);
    expect(within(item(j)).getByText('Ugyldig ordre-ID')).toBeTruthy();
    expect(within(item(j)).getByTestId('job-created').textContent).toBe('i dag 09:15 · 2 timer');
    expect(within(item(j)).getByText('Ingen kundeadresse')).toBeTruthy();
  });
});

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe('the job list items’ number, customer and appointments (000 §2)', () => {
  const appointment = (Id: number, StartTime: string, EndTime: string, names: string[]) => ({
    Id,
    Subject: 'Visit',
    StartTime,
    EndTime,
    Type: 1,
    IsAbsence: false,
    Participants: names.map((Name, i) => ({ Id: i + 1, Name })),
  });

  it('names the job by its order id, as the preview and the job view do, and names the customer', () => {
    const j = job({ Id: 300, OrderId: '10268', DisplayName: 'Pump repair' });
    renderTable([j]);
    expect(within(item(j)).getByText('10268 – Pump repair')).toBeTruthy();
    expect(within(item(j)).queryByText(/^300 – /)).toBeNull();
    expect(within(item(j)).getByTestId('job-customer').textContent).toBe('Berg Mekaniske AS · ');
  });

  it('shows each appointment’s participants and its timing: in progress, or a start relative to now', () => {
    // Now is 11:30 in Oslo.
    const j = job({
      Appointments: [
        appointment(1, '2026-03-18T11:00:00', '2026-03-18T12:00:00', ['Kari Nordmann']),
        appointment(2, '2026-03-18T14:30:00', '2026-03-18T15:00:00', ['A', 'B']),
        appointment(3, '2026-03-16T08:00:00', '2026-03-16T09:00:00', []),
        appointment(4, '2026-03-18T11:50:00', '2026-03-18T12:30:00', ['']),
      ],
    });
    const onOpenAppointment = vi.fn();
    renderTable([j], { onOpenAppointment });
    const line = (id: number) => within(item(j)).getByTestId(`job-appointment-${id}`);
    expect(line(1).textContent).toBe('Kari Nordmannin progress');
    expect(line(1).dataset.timing).toBe('inProgress');
    expect(line(2).textContent).toBe('2 participantsin 3 hours');
    expect(line(2).dataset.timing).toBe('upcoming');
    expect(line(3).textContent).toBe('No participants2 days ago');
    expect(line(3).dataset.timing).toBe('past');
    expect(line(4).textContent).toBe('unnamed participantin 20 minutes');
    fireEvent.doubleClick(line(2));
    expect(onOpenAppointment).toHaveBeenCalledWith(j, 2);
  });

  it('leaves out machines or appointments as the view options say', () => {
    const j = job({
      Machines: [{ Id: 1, MachineId: 5, MachineName: 'Pump P-100', CustomerComment: '', InvoiceComment: '' }],
      Appointments: [appointment(9, '2026-03-18T14:30:00', '2026-03-18T15:00:00', ['Kari'])],
    });
    renderTable([j], { view: { Compact: true, Machines: false, Appointments: true } });
    expect(within(item(j)).queryByText('Pump P-100')).toBeNull();
    expect(within(item(j)).getByTestId('job-appointment-9')).toBeTruthy();
    cleanup();
    renderTable([j], { view: { Compact: false, Machines: true, Appointments: false } });
    expect(within(item(j)).getByText('Pump P-100')).toBeTruthy();
    expect(within(item(j)).queryByTestId('job-appointment-9')).toBeNull();
  });
});
