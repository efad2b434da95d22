// @vitest-environment jsdom
import type { SchedulerData, SchedulerEvent, TravelBoard } from '@fieldport/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderApp, resetAppBetweenTests } from '../../../test/app-harness.tsx';
import { coloursOf } from '../rules/event-colours.ts';
import { DAY, server, WAIT } from '../test-data.ts';

resetAppBetweenTests();

/** The first render loads the planner's code: on a busy machine it takes longer than a later find. */
const SLOW = { timeout: 20_000 };

const visit = (id: number, name: string, from: string, to: string, jobStatusId = 20): SchedulerEvent => ({
  id,
  name,
  jobId: id,
  jobTypeId: 2,
  jobTypeName: 'Repair',
  jobStatusId,
  jobStatusName: jobStatusId === 20 ? 'Planned' : 'In progress',
  jobPriorityId: 1,
  address: null,
  appointmentType: 1,
  isAbsence: false,
  startDate: `${DAY}T${from}:00`,
  endDate: `${DAY}T${to}:00`,
  rowVersion: 1,
});

const data: SchedulerData = {
  events: [
    visit(101, 'Boiler service', '08:30', '10:00', 30),
    visit(102, 'Pump repair', '10:15', '11:00'),
    visit(103, 'Valve check', '12:00', '13:00'),
  ],
  assignments: [101, 102, 103].map((eventId) => ({ eventId, resourceId: 1 })),
};
const leg = (AppointmentId: number, FromAppointmentId: number | null, TravelMinutes: number) => ({
  AppointmentId,
  UserId: 1,
  Date: DAY,
  FromAppointmentId,
  FromHome: FromAppointmentId === null,
  TravelMinutes,
  TravelKm: TravelMinutes,
  Late: false,
});
const travel: TravelBoard = {
  // 40 minutes from the first (ends 10:00) to the second (starts 10:15): late.
  Legs: [leg(101, null, 30), leg(102, 101, 40), leg(103, 102, 30)],
  WorkMinutes: 480,
  TravelEstimated: true,
};

const board = () =>
  server((req) => {
    if (req.path === 'Scheduler/DateRange/') return json(200, data);
    if (req.path === 'Scheduler/Travel/') return json(200, travel);
    return undefined;
  });

describe('the plan readable on the board', () => {
  it('draws the drive before each appointment with its minutes, warns of the one that cannot be reached, and shows the load', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QDay'));
    renderApp(`/planner?date=${DAY}`, board());
    const pump = await screen.findByRole('button', { name: /Tina Tekniker: Pump repair/ }, SLOW);
    await within(document.body).findAllByTestId('planner-travel', {}, WAIT);
    const segments = screen.getAllByTestId('planner-travel');
    expect(segments.map((s) => s.textContent)).toEqual(['30 min', '40 min', '30 min']);
    expect(segments.map((s) => s.classList.contains('late'))).toEqual([false, true, false]);
    expect(segments[0]!.title).toBe('30 min, 30 km drive from home');
    expect(pump.getAttribute('aria-label')).toContain(
      'warning: cannot be reached in time, 40 min drive after the previous appointment ends at 10:00',
    );
    expect(screen.getAllByTestId('planner-event-late').map((w) => w.textContent)).toEqual(['Late']);
    // 3¼ h booked and 100 minutes' driving of 8 hours: 61 %.
    const load = screen.getByRole('meter', { name: /Tina Tekniker: load/ });
    expect(load.getAttribute('aria-label')).toBe(
      'Tina Tekniker: load 61 %, 3.3 h booked and 1.7 h driving of 8 h',
    );
    expect(load.getAttribute('aria-valuenow')).toBe('61');
    // The row keeps the user's name as its name.
    expect(screen.getByRole('rowheader', { name: 'Tina Tekniker' })).toBeTruthy();
  });

  it('shows each day’s load in the week view against the work-day setting, coloured by how full', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
    const on = (day: string, e: SchedulerEvent) => ({
      ...e,
      startDate: e.startDate.replace(DAY, day),
      endDate: e.endDate.replace(DAY, day),
    });
    const week: SchedulerData = {
      events: [
        ...data.events,
        on('2026-03-04', visit(104, 'Heat pump install', '10:00', '16:00')),
        on('2026-03-05', visit(105, 'Plant overhaul', '08:00', '16:00')),
      ],
      assignments: [101, 102, 103, 104, 105].map((eventId) => ({ eventId, resourceId: 1 })),
    };
    const weekTravel: TravelBoard = {
      Legs: [...travel.Legs, leg(104, null, 30), leg(105, null, 20)],
      // The company's work day of 7.5 hours.
      WorkMinutes: 450,
      TravelEstimated: true,
    };
    renderApp(
      `/planner?date=${DAY}`,
      server((req) => {
        if (req.path === 'Scheduler/DateRange/') return json(200, week);
        if (req.path === 'Scheduler/Travel/') return json(200, weekTravel);
        return undefined;
      }),
    );
    await screen.findByRole('button', { name: /Tina Tekniker: Pump repair/ }, SLOW);
    const tina = await within(await screen.findByTestId('planner-row-1', {}, WAIT)).findAllByTestId(
      'planner-day-load',
      {},
      WAIT,
    );
    const day = (text: string) =>
      tina.find((m) => m.getAttribute('aria-label')?.startsWith(`Tina Tekniker, ${text}:`));
    // Monday: 3¼ h booked and 100 minutes' driving of 7½ hours.
    expect(day('Mon, Mar 2')?.getAttribute('aria-label')).toBe(
      'Tina Tekniker, Mon, Mar 2: load 66 %, 3.3 h booked and 1.7 h driving of 7.5 h',
    );
    expect(day('Tue, Mar 3')?.getAttribute('aria-valuenow')).toBe('0');
    expect(day('Wed, Mar 4')?.getAttribute('aria-valuenow')).toBe('87');
    expect(day('Wed, Mar 4')?.classList.contains('full')).toBe(true);
    expect(day('Thu, Mar 5')?.getAttribute('aria-valuenow')).toBe('111');
    expect(day('Thu, Mar 5')?.classList.contains('over')).toBe(true);
    // The name cell's bar is the day view's: not in the week.
    expect(screen.queryByTestId('planner-load')).toBeNull();
  });

  it('colours the appointments by their job’s status when the setting says so, with a legend', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QDay'));
    localStorage.setItem('PlannerColourBy', JSON.stringify('status'));
    renderApp(`/planner?date=${DAY}`, board());
    const pump = await screen.findByRole('button', { name: /Tina Tekniker: Pump repair/ }, SLOW);
    const legend = await screen.findByRole('list', { name: 'Appointment colours: Job status' }, WAIT);
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual(['Planned', 'In progress']);
    const planned = coloursOf(20, 'status');
    const box = pump.parentElement!;
    expect(box.classList.contains('coloured')).toBe(true);
    expect(box.style.backgroundColor).toBe(hexToRgb(planned.background));
    expect(box.style.color).toBe(hexToRgb(planned.color));
  });
});

function hexToRgb(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}
