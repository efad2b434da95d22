// @vitest-environment jsdom
import type { SchedulerData, SchedulerEvent, TravelBoard } from '@fieldport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderApp, resetAppBetweenTests } from '../../../test/app-harness.tsx';
import { DAY, server, WAIT } from '../test-data.ts';

resetAppBetweenTests();

/** The first render loads the planner's code: on a busy machine it takes longer than a later find. */
const SLOW = { timeout: 20_000 };
const FRIDAY = '2026-03-06';

const visit = (id: number, day: string, from: string, to: string): SchedulerEvent => ({
  id,
  name: `Visit ${id}`,
  jobId: id,
  jobTypeId: 2,
  jobTypeName: 'Repair',
  jobStatusId: 20,
  jobStatusName: 'Planned',
  jobPriorityId: 1,
  address: null,
  appointmentType: 1,
  isAbsence: false,
  startDate: `${day}T${from}:00`,
  endDate: `${day}T${to}:00`,
  rowVersion: 1,
});

// The same three hours booked for both, on Monday and on Friday.
const data: SchedulerData = {
  events: [
    visit(201, DAY, '08:00', '11:00'),
    visit(202, DAY, '08:00', '11:00'),
    visit(203, FRIDAY, '08:00', '11:00'),
    visit(204, FRIDAY, '08:00', '11:00'),
  ],
  assignments: [
    { eventId: 201, resourceId: 1 },
    { eventId: 202, resourceId: 2 },
    { eventId: 203, resourceId: 1 },
    { eventId: 204, resourceId: 2 },
  ],
};
const travel: TravelBoard = { Legs: [], WorkMinutes: 480, TravelEstimated: true };
// Tina works the company's day; Ola 07:00–13:00, and on Fridays 07:00–11:00 (decision 100).
const resources = [
  { id: 1, name: 'Tina Tekniker', departmentId: 1, type: 2 },
  {
    id: 2,
    name: 'Ola Olsen',
    departmentId: 1,
    type: 2,
    workStart: '07:00',
    workEnd: '13:00',
    workDays: [{ weekday: 5, off: false, workStart: null, workEnd: '11:00' }],
  },
];
const board = () =>
  server((req) => {
    if (req.path === 'Scheduler/Resources') return json(200, resources);
    if (req.path === 'Scheduler/DateRange/') return json(200, data);
    if (req.path === 'Scheduler/Travel/') return json(200, travel);
    return undefined;
  });

describe('the load bars against each technician’s own hours', () => {
  it('fills the bar of a technician with shorter hours more for the same booking, and shades their off-hours', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QDay'));
    renderApp(`/planner?date=${DAY}`, board());
    await screen.findByRole('button', { name: /Ola Olsen: Visit 202/ }, SLOW);
    const tina = await screen.findByRole('meter', { name: /Tina Tekniker: load/ }, WAIT);
    const ola = screen.getByRole('meter', { name: /Ola Olsen: load/ });
    // 3 hours of the company's 8: 38 %; of Ola's own 6 (07:00–13:00): 50 %.
    expect(tina.getAttribute('aria-label')).toBe(
      'Tina Tekniker: load 38 %, 3 h booked and 0 h driving of 8 h',
    );
    expect(ola.getAttribute('aria-label')).toBe('Ola Olsen: load 50 %, 3 h booked and 0 h driving of 6 h');
    expect(Number(ola.getAttribute('aria-valuenow'))).toBeGreaterThan(
      Number(tina.getAttribute('aria-valuenow')),
    );
    // Ola's row shades the hours outside 07:00–13:00; Tina's (the company's day) none.
    expect(
      within(screen.getByTestId('planner-row-2')).queryAllByTestId('planner-off-hours').length,
    ).toBeGreaterThan(0);
    expect(within(screen.getByTestId('planner-row-1')).queryAllByTestId('planner-off-hours')).toEqual([]);
  });

  it('takes a weekday’s own hours in the week view: Friday’s 07:00–11:00', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
    renderApp(`/planner?date=${DAY}`, board());
    await screen.findByRole('button', { name: /Ola Olsen: Visit 204/ }, SLOW);
    const bars = await within(await screen.findByTestId('planner-row-2', {}, WAIT)).findAllByTestId(
      'planner-day-load',
      {},
      WAIT,
    );
    const day = (text: string) =>
      bars.find((m) => m.getAttribute('aria-label')?.startsWith(`Ola Olsen, ${text}:`));
    expect(day('Mon, Mar 2')?.getAttribute('aria-label')).toBe(
      'Ola Olsen, Mon, Mar 2: load 50 %, 3 h booked and 0 h driving of 6 h',
    );
    // Friday ends at 11:00: 3 of 4 hours.
    expect(day('Fri, Mar 6')?.getAttribute('aria-label')).toBe(
      'Ola Olsen, Fri, Mar 6: load 75 %, 3 h booked and 0 h driving of 4 h',
    );
  });
});
