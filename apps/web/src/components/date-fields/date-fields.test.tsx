// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index.ts';
import { typeDate } from '../../test/app-harness.tsx';
import { DateField, DateTimeField, TimeField } from './DateFields.tsx';

afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

const FIELDS = { date: DateField, time: TimeField, dateTime: DateTimeField };

function Form({ kind, initial }: { kind: keyof typeof FIELDS; initial: string }) {
  const [value, setValue] = useState(initial);
  const Field = FIELDS[kind];
  return (
    <>
      <Field label="When" value={value} onChange={setValue} testId="when" />
      <output data-testid="sent">{value}</output>
    </>
  );
}

/** What the field shows (its text as one string). */
const shown = async () => {
  const root = await screen.findByTestId('when', {}, { timeout: 15_000 });
  return root.querySelector('input')?.value;
};
const sent = () => screen.getByTestId('sent').textContent;

describe('date and time fields in the user’s language, not the browser’s', () => {
  it('English: shows and takes 03.04-2027 and hands the form 2027-04-03', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Form kind="date" initial="2026-11-28" />);
    expect(await shown()).toBe('28.11-2026');
    await typeDate(user, screen.getByTestId('when'), '03042027');
    await waitFor(() => expect(sent()).toBe('2027-04-03'));
    expect(await shown()).toBe('03.04-2027');
  });

  it('Norwegian: the date as 28.11.2026 and the time on the 24-hour clock, 14:05 (not 02:05 PM)', async () => {
    await setLanguage('no');
    const user = userEvent.setup({ delay: null });
    const { unmount } = render(<Form kind="date" initial="2026-11-28" />);
    expect(await shown()).toBe('28.11.2026');
    unmount();
    render(<Form kind="time" initial="09:15" />);
    expect(await shown()).toBe('09:15');
    await typeDate(user, screen.getByTestId('when'), '1405');
    await waitFor(() => expect(sent()).toBe('14:05'));
    expect(await shown()).toBe('14:05');
  });

  it('Chinese: a date and time as 2026-11-28 14:05', async () => {
    await setLanguage('zh-CN');
    render(<Form kind="dateTime" initial="2026-11-28T14:05" />);
    expect(await shown()).toBe('2026-11-28 14:05');
  });

  it('a date not typed in full hands the form nothing, and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Form kind="date" initial="" />);
    await shown();
    await typeDate(user, screen.getByTestId('when'), '0304');
    await waitFor(() => expect(sent()).toBe(''));
    expect(await shown()).toBe('03.04-YYYY');
  });
});
