// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dateShown,
  findDateField,
  json,
  renderApp,
  resetAppBetweenTests,
  typeDate,
  where,
} from '../../../../test/app-harness.tsx';
import { bookable, calls, DAY, job, server, WAIT } from '../../test-data.ts';

resetAppBetweenTests();

afterEach(() => {
  vi.useRealTimers();
});

describe('the appointment dialog', () => {
  it('offers dispatch suggestions for a new appointment of a job; accepting one plans it and closes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:10:00+01:00'));
    const user = userEvent.setup();
    const { requests } = renderApp(
      `/planner/new?date=${DAY}&jobId=9`,
      server((req) =>
        req.path === 'Appointment/available'
          ? json(200, [
              {
                ...bookable[1],
                Rank: 1,
                TravelKm: 4.2,
                LoadMinutes: 60,
                Reason: '4.2 km from the last stop',
              },
              { ...bookable[0], Rank: 2, TravelKm: 31, LoadMinutes: 240, Reason: '31 km from the office' },
            ])
          : undefined,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, WAIT);
    await user.click(await within(dialog).findByRole('tab', { name: 'Suggested technicians' }, WAIT));
    await within(dialog).findByText('4.2 km from the last stop', {}, WAIT);
    expect(calls(requests, 'Appointment/available')[0]!.body).toMatchObject({ JobId: 9 });
    await user.click(
      within(dialog).getAllByRole('button', { name: /^Accept: plan the job for Ola Olsen/ })[0]!,
    );
    await waitFor(() => expect(calls(requests, 'Appointment/create')).toHaveLength(1), WAIT);
    expect(calls(requests, 'Appointment/create')[0]!.body).toMatchObject({
      AppointmentDate: DAY,
      JobId: 9,
      Participants: [{ Id: 2, Name: 'Ola Olsen' }],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
  });

  it('makes a new appointment for a job at the next full hour for its estimate, with the chosen technician', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T09:10:00+01:00')); // 09:10 in Oslo, the company's zone
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner/new?date=${DAY}&jobId=9&userId=2`, server());
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, WAIT);
    await within(dialog).findByRole('link', { name: 'Job Pump repair' }, WAIT);
    expect(within(dialog).getByRole('link', { name: 'Customer Berg AS' }).getAttribute('href')).toBe(
      '/customer/7',
    );
    expect(within(dialog).getByRole('link', { name: 'Machine Pump NK 80' })).toBeTruthy();
    expect(dateShown(await findDateField(dialog, 'Date'))).toBe('02.03-2026');
    expect(dateShown(await findDateField(dialog, 'Start'))).toBe('10:00');
    expect(dateShown(await findDateField(dialog, 'End'))).toBe('13:00');
    expect(within(dialog).getByRole('button', { name: 'Ola Olsen' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    // The job details tab.
    await user.click(within(dialog).getByRole('tab', { name: 'Job details' }));
    expect(within(dialog).getByText('Call ahead')).toBeTruthy();
    expect(within(dialog).getByText('3 hours')).toBeTruthy();
    await user.click(within(dialog).getByRole('tab', { name: 'Appointment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(requests, 'Appointment/create')).toHaveLength(1), WAIT);
    expect(calls(requests, 'Appointment/create')[0]!.body).toEqual({
      Subject: '',
      AppointmentDate: DAY,
      StartTime: `${DAY}T10:00:00`,
      EndTime: `${DAY}T13:00:00`,
      JobId: 9,
      Type: 1,
      Participants: [{ Id: 2, Name: 'Ola Olsen' }],
    });
    // Closing clears the appointment from the route and keeps the day.
    await waitFor(() => expect(where()).toBe(`/planner?date=${DAY}`), WAIT);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the duration when the start moves, takes an end before the start as the next day, and needs a technician for type 1', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner/new?date=${DAY}&jobId=9&start=${DAY}T08:00`, server());
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, WAIT);
    const start = await findDateField(dialog, 'Start');
    const end = await findDateField(dialog, 'End');
    expect([dateShown(start), dateShown(end)]).toEqual(['08:00', '11:00']);
    // A start off the grid shows, once left, as it will be saved; the end moved with it.
    await typeDate(user, start, '1007');
    await user.tab();
    await waitFor(() => expect([dateShown(start), dateShown(end)]).toEqual(['10:05', '13:05']));
    await typeDate(user, end, '1313');
    await user.tab();
    await waitFor(() => expect(dateShown(end)).toBe('13:15'));
    await typeDate(user, start, '2230');
    await waitFor(() => expect(dateShown(end)).toBe('01:40'));
    expect(within(dialog).getByText('Ends the next day')).toBeTruthy();
    // No participant for a specified technician: Save stays off, and says why.
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    fireEvent.blur(within(dialog).getByRole('combobox', { name: /Participants/ }));
    expect(await within(dialog).findByText('Choose at least one participant.', {}, WAIT)).toBeTruthy();
    // An available technician needs none.
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Available technician' }, WAIT));
    await waitFor(() => expect(save).toHaveProperty('disabled', false), WAIT);
    await user.click(save);
    await waitFor(() => expect(calls(requests, 'Appointment/create')).toHaveLength(1), WAIT);
    expect(calls(requests, 'Appointment/create')[0]!.body).toMatchObject({
      StartTime: `${DAY}T22:30:00`,
      EndTime: '2026-03-03T01:40:00',
      Type: 2,
      Participants: [],
    });
  });

  it('shows the server’s refusal (a job at status 70 or above) and stays open', async () => {
    const user = userEvent.setup();
    const refusal = 'This job is approved, closed or deleted and can no longer be changed.';
    const { requests } = renderApp(
      `/planner/new?date=${DAY}&jobId=9&userId=1`,
      server((req) => (req.path === 'Appointment/create' ? json(409, { Message: refusal }) : undefined)),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, WAIT);
    await within(dialog).findByRole('button', { name: 'Tina Tekniker' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByTestId('appointment-refusal', {}, WAIT)).toHaveProperty(
      'textContent',
      refusal,
    );
    expect(calls(requests, 'Appointment/create')).toHaveLength(1);
    expect(where()).toMatch(/^\/planner\/new/);
  });

  it('edits an appointment with its row version, and deletes it after a confirm', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner/77?date=${DAY}`, server());
    const dialog = await screen.findByRole('dialog', { name: 'Edit appointment' }, WAIT);
    const end = await findDateField(dialog, 'End');
    expect(dateShown(end)).toBe('12:00');
    await typeDate(user, end, '1230');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(requests, 'Appointment/change')).toHaveLength(1), WAIT);
    expect(calls(requests, 'Appointment/change')[0]!.body).toEqual({
      Id: 77,
      RowVersion: 4,
      Subject: 'Pump repair',
      AppointmentDate: DAY,
      StartTime: `${DAY}T10:00:00`,
      EndTime: `${DAY}T12:30:00`,
      JobId: 9,
      Type: 1,
      Participants: [{ Id: 1, Name: 'Tina Tekniker' }],
    });
    await waitFor(() => expect(where()).toBe(`/planner?date=${DAY}`), WAIT);

    // Again, to delete it.
    await user.click(await screen.findByRole('button', { name: /Tina Tekniker: Pump repair/ }, WAIT));
    const again = await screen.findByRole('dialog', { name: 'Edit appointment' }, WAIT);
    expect(where()).toBe(`/planner/77?date=${DAY}`);
    await user.click(await within(again).findByRole('button', { name: 'Delete' }, WAIT));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the appointment?' }, WAIT);
    await user.click(within(confirm).getByRole('button', { name: /confirm|ok|delete|yes/i }));
    await waitFor(() => expect(calls(requests, 'Appointment/delete/77')).toHaveLength(1), WAIT);
    await waitFor(() => expect(where()).toBe(`/planner?date=${DAY}`), WAIT);
  });

  it('books an absence with its description, and has no tabs', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(`/planner/new?date=${DAY}&userId=1&start=${DAY}T12:00`, server());
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, WAIT);
    await within(dialog).findByRole('button', { name: 'Tina Tekniker' }, WAIT);
    expect(within(dialog).queryByRole('tab')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Dentist');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(requests, 'Appointment/create')).toHaveLength(1), WAIT);
    expect(calls(requests, 'Appointment/create')[0]!.body).toEqual({
      Subject: 'Dentist',
      AppointmentDate: DAY,
      StartTime: `${DAY}T12:00:00`,
      EndTime: `${DAY}T13:00:00`,
      JobId: null,
      Type: 1,
      Participants: [{ Id: 1, Name: 'Tina Tekniker' }],
    });
  });

  it('opens over the job’s planning tab: New appointment and each appointment, closing back to the tab', async () => {
    const user = userEvent.setup();
    const withAppointment = job({
      Appointments: [
        {
          Id: 77,
          Subject: 'Pump repair',
          StartTime: `${DAY}T10:00:00`,
          EndTime: `${DAY}T12:00:00`,
          Type: 1,
          IsAbsence: false,
          Participants: [{ Id: 1, Name: 'Tina Tekniker' }],
        },
      ],
    });
    const { requests } = renderApp(
      '/job/list/status-20-0/view/9/planning',
      server((req) => (req.path === 'job/9' ? json(200, withAppointment) : undefined)),
    );
    await user.click(await screen.findByRole('link', { name: 'New appointment' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'New appointment' }, WAIT);
    expect(where()).toBe('/job/list/status-20-0/view/9/planning/new');
    await within(dialog).findByRole('link', { name: 'Job Pump repair' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(where()).toBe('/job/list/status-20-0/view/9/planning'), WAIT);
    await user.click(await screen.findByRole('link', { name: /Tina Tekniker/ }, WAIT));
    expect(await screen.findByRole('dialog', { name: 'Edit appointment' }, WAIT)).toBeTruthy();
    expect(where()).toBe('/job/list/status-20-0/view/9/planning/77');
    expect(calls(requests, 'Appointment/get/77')).toHaveLength(1);
  });
});
