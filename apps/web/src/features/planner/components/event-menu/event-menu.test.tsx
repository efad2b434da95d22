// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderApp, resetAppBetweenTests, where } from '../../../../test/app-harness.tsx';
import { calls, DAY, server, WAIT } from '../../test-data.ts';

resetAppBetweenTests();

afterEach(() => {
  vi.useRealTimers();
});

describe('the event menu and clicks', () => {
  const pump = () => screen.findByRole('button', { name: /Tina Tekniker: Pump repair/ }, WAIT);

  it('opens the appointment dialog with a single click, the job with a double click', async () => {
    const user = userEvent.setup();
    renderApp(`/planner?date=${DAY}`, server());
    await user.click(await pump());
    expect(await screen.findByRole('dialog', { name: 'Edit appointment' }, WAIT)).toBeTruthy();
    expect(where()).toBe(`/planner/77?date=${DAY}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }, WAIT));
    await waitFor(() => expect(where()).toBe(`/planner?date=${DAY}`), WAIT);
    await user.dblClick(await pump());
    await waitFor(() => expect(where()).toMatch(/^\/job\/list\/status-20-0\/view\/9/), WAIT);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers Open, Open in new tab, Edit and Delete for a job’s event; an absence has no new tab', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp(`/planner?date=${DAY}`, server());
    fireEvent.contextMenu(await pump(), { clientX: 100, clientY: 100 });
    const menu = await screen.findByRole('menu', { name: 'Actions for Pump repair' }, WAIT);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Open', 'Open in new tab', 'Edit', 'Delete']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Open in new tab' }));
    expect(open.mock.calls[0]?.[0]).toMatch(/\/job\/list\/status-20-0\/view\/9/);
    // The keyboard: the ContextMenu key on the focused event.
    const absence = await screen.findByRole('button', { name: /Ola Olsen: Dentist/ }, WAIT);
    absence.focus();
    fireEvent.keyDown(absence, { key: 'F10', shiftKey: true });
    const second = await screen.findByRole('menu', { name: 'Actions for Dentist' }, WAIT);
    expect(
      within(second)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Open', 'Edit', 'Delete']);
    await user.click(within(second).getByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit appointment' }, WAIT)).toBeTruthy();
    expect(where()).toBe(`/planner/78?date=${DAY}`);
  });

  it('deletes from the menu after a confirm; a failed delete brings the event back and says so', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { requests } = renderApp(
      `/planner?date=${DAY}`,
      server((req) =>
        req.path === 'Appointment/delete/77' && fail
          ? json(500, { Message: 'The appointment could not be deleted.' })
          : undefined,
      ),
    );
    const remove = async () => {
      fireEvent.contextMenu(await pump(), { clientX: 100, clientY: 100 });
      const menu = await screen.findByRole('menu', {}, WAIT);
      await user.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
      const confirm = await screen.findByRole('dialog', { name: 'Delete the appointment?' }, WAIT);
      await user.click(within(confirm).getByRole('button', { name: /confirm|ok|delete|yes/i }));
    };
    await remove();
    const announcer = screen.getByTestId('planner-announcer');
    await waitFor(
      () =>
        expect(announcer.textContent).toBe('Pump repair could not be deleted and is back in the planner.'),
      WAIT,
    );
    expect(calls(requests, 'Appointment/delete/77')).toHaveLength(1);
    expect((await pump()).getAttribute('aria-busy')).toBeNull();
    fail = false;
    await remove();
    await waitFor(() => expect(announcer.textContent).toBe('Pump repair deleted.'), WAIT);
    expect(calls(requests, 'Appointment/delete/77')).toHaveLength(2);
  });

  it('shows a tooltip after 500 ms that loads the job', async () => {
    const { requests } = renderApp(`/planner?date=${DAY}`, server());
    const box = (await pump()).closest('[data-testid="planner-event"]')!;
    fireEvent.mouseOver(box);
    expect(screen.queryByTestId('planner-event-tooltip')).toBeNull();
    const tip = await screen.findByTestId('planner-event-tooltip', {}, WAIT);
    expect(await within(tip).findByText('Repair · Berg AS', {}, WAIT)).toBeTruthy();
    expect(calls(requests, 'job/9').length).toBeGreaterThan(0);
  });

  it('says which job the tooltip could not load', async () => {
    renderApp(
      `/planner?date=${DAY}`,
      server((req) =>
        req.path === 'job/9' ? json(500, { Message: 'Unexpected error. Contact support.' }) : undefined,
      ),
    );
    fireEvent.mouseOver((await pump()).closest('[data-testid="planner-event"]')!);
    const tip = await screen.findByTestId('planner-event-tooltip', {}, WAIT);
    expect(await within(tip).findByText('Failed to load job 9', {}, WAIT)).toBeTruthy();
  });
});
