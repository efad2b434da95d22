// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, resetAppBetweenTests } from '../../../test/app-harness.tsx';
import { COMPACT_WIDTH, chipText } from '../rules/compact-chip.ts';
import { DAY, server, WAIT } from '../test-data.ts';

resetAppBetweenTests();

/** Tina's 10:00–12:00 Pump repair on Monday: its focusable button and its drawn box. */
async function pump() {
  const button = await screen.findByRole('button', { name: /Tina Tekniker: Pump repair/ }, WAIT);
  const box = button.closest<HTMLElement>('[data-testid="planner-event"]')!;
  return { button, box, width: Number.parseFloat(box.style.width) };
}

describe('compact chips with a hover card where space is short (issue 35.1)', () => {
  it(`draws a box of ${COMPACT_WIDTH} px or more with its lines, a narrower one as a chip of initials`, async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QDay'));
    const day = renderApp(`/planner?date=${DAY}`, server());
    const wide = await pump();
    // The day view: two hours at 96 px an hour.
    expect(wide.width).toBeGreaterThanOrEqual(COMPACT_WIDTH);
    expect(within(wide.box).queryByTestId('planner-event-chip')).toBeNull();
    expect(within(wide.box).getByText('Pump repair')).toBeTruthy();
    day.unmount();

    localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
    renderApp(`/planner?date=${DAY}`, server());
    const narrow = await pump();
    // The week view: the same two hours in a few pixels of the day's column.
    expect(narrow.width).toBeLessThan(COMPACT_WIDTH);
    const chip = within(narrow.box).getByTestId('planner-event-chip');
    expect(chip.textContent).toBe(chipText('Pump repair', narrow.width));
    expect(within(narrow.box).queryByText('Pump repair')).toBeNull();
    // Its name for the keyboard and the screen reader is whole.
    expect(narrow.button.getAttribute('aria-label')).toMatch(/^Tina Tekniker: Pump repair, /);
  });

  it('hovering a chip shows the card with the job: name, technician and times, status and customer', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
    renderApp(`/planner?date=${DAY}`, server());
    const { box } = await pump();
    expect(within(box).getByTestId('planner-event-chip')).toBeTruthy();
    fireEvent.mouseOver(box);
    const card = await screen.findByTestId('planner-event-tooltip', {}, WAIT);
    expect(card.closest('[role="tooltip"]')).toBeTruthy();
    expect(within(card).getByText('Pump repair')).toBeTruthy();
    expect(within(card).getByTestId('planner-event-tooltip-when').textContent).toMatch(
      /^Tina Tekniker · Mon.* 10:00–12:00$/,
    );
    expect(await within(card).findByText('Repair · Berg AS', {}, WAIT)).toBeTruthy();
    fireEvent.mouseOut(box);
    await waitFor(() => expect(screen.queryByTestId('planner-event-tooltip')).toBeNull());
  });

  it('focusing a chip with the keyboard shows the card too', async () => {
    localStorage.setItem('PlannerScope', JSON.stringify('QWeek'));
    renderApp(`/planner?date=${DAY}`, server());
    const { button, box } = await pump();
    expect(within(box).getByTestId('planner-event-chip')).toBeTruthy();
    button.focus();
    const card = await screen.findByTestId('planner-event-tooltip', {}, WAIT);
    expect(within(card).getByText('Pump repair')).toBeTruthy();
    expect(within(card).getByTestId('planner-event-tooltip-when').textContent).toMatch(/10:00–12:00$/);
  });

  it('takes the initials of the first two words, one letter where there is room for one', () => {
    expect(chipText('Pump repair', 40)).toBe('PR');
    expect(chipText('service av pumpe', 30)).toBe('SA');
    expect(chipText('Pump repair', 20)).toBe('P');
    expect(chipText('  (Ølfilter) bytte ', 40)).toBe('ØB');
    expect(chipText('泵 维修', 40)).toBe('泵维');
    expect(chipText('—', 40)).toBe('');
  });
});
