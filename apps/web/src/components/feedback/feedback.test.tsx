// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emitNotice } from '../../lib/api/notices.ts';
import { json, mockFetch } from '../../lib/api/test-fetch.ts';
import { setTokens } from '../../lib/api/token-store.ts';
import { type ConfirmFn, PreloadScreen, type SnackbarApi, useConfirm, useSnackbar } from './index.ts';
import { renderWithFeedback } from './test-utils.tsx';

let snackbar: SnackbarApi;
let confirm: ConfirmFn;
function Grab() {
  const s = useSnackbar();
  const c = useConfirm();
  useEffect(() => {
    snackbar = s;
    confirm = c;
  }, [s, c]);
  return null;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Opens a confirm dialog; the answer arrives when the user picks. */
function ask(opts: Parameters<ConfirmFn>[0]): Promise<boolean> {
  let answer: Promise<boolean> = Promise.resolve(false);
  act(() => {
    answer = confirm(opts);
  });
  return answer;
}

const snackbars = () => screen.queryAllByTestId('snackbar');

describe('snackbar stack', () => {
  it('turns compact at 4 snackbars: subtexts are no longer shown', () => {
    renderWithFeedback(<Grab />);
    act(() => {
      snackbar.show({ text: 'First', subtext: 'first detail', severity: 'info' });
      snackbar.show({ text: 'Second', subtext: 'second detail', severity: 'info' });
      snackbar.show({ text: 'Third', subtext: 'third detail', severity: 'info' });
    });
    expect(snackbars()).toHaveLength(3);
    expect(screen.getByText('first detail')).toBeTruthy();
    expect(snackbars().every((s) => s.dataset.compact === 'false')).toBe(true);

    act(() => snackbar.show({ text: 'Fourth', subtext: 'fourth detail', severity: 'info' }));
    expect(snackbars()).toHaveLength(4);
    expect(screen.queryByText('first detail')).toBeNull();
    expect(screen.queryByText('fourth detail')).toBeNull();
    expect(screen.getByText('First')).toBeTruthy();
    expect(snackbars().every((s) => s.dataset.compact === 'true')).toBe(true);
  });

  it('an identical text replaces the earlier snackbar', () => {
    renderWithFeedback(<Grab />);
    act(() => {
      snackbar.show({ text: 'Saved', severity: 'success' });
      snackbar.show({ text: 'Other', severity: 'info' });
      snackbar.show({ text: 'Saved', severity: 'success' });
    });
    expect(snackbars().map((s) => s.textContent)).toEqual(['Other', 'Saved']);
    expect(screen.getAllByText('Saved')).toHaveLength(1);
  });

  it("defaults to a red 'Unknown error occurred' for 9 seconds", () => {
    renderWithFeedback(<Grab />);
    act(() => snackbar.show({ text: '' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Unknown error occurred');
    expect(alert.className).toContain('MuiAlert-colorError');
    expect(within(alert).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Closes in 9 s');
  });

  it('closes when the countdown runs out; hovering pauses it', () => {
    vi.useFakeTimers();
    renderWithFeedback(<Grab />);
    act(() => snackbar.show({ text: 'Short', severity: 'info', durationMs: 1000 }));
    act(() => vi.advanceTimersByTime(500));
    const item = screen.getByText('Short').closest('[data-testid="snackbar"]') as HTMLElement;
    fireEvent.mouseEnter(item);
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.queryByText('Short')).not.toBeNull();
    fireEvent.mouseLeave(item);
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByText('Short')).not.toBeNull();
    act(() => vi.advanceTimersByTime(400));
    expect(screen.queryByText('Short')).toBeNull();
  });

  it('shows what the API client reports from outside React', () => {
    renderWithFeedback(<Grab />);
    act(() => emitNotice({ textKey: 'exception_in', values: { method: 'DELETE' }, severity: 'error' }));
    expect(screen.getByRole('alert').textContent).toContain('Exception in DELETE');
  });

  it("a call that failed before its method was known (offline, later calls not loaded): the ticket names the call's real method", async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    const { calls } = mockFetch(() => json(200, { Id: 5, Message: 'Successfully sent ticket :)' }));
    const user = userEvent.setup();
    renderWithFeedback(<Grab />);
    const ticket = {
      Route: 'customerCreate',
      Method: '',
      Input: '{"Name":"Fjellheim"}',
      Response: 'network',
    };
    act(() =>
      emitNotice({
        textKey: 'failed_to_create.customer',
        subtext: 'customerCreate',
        severity: 'error',
        ticket,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Create support ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create support ticket' });
    const subject = within(dialog).getByLabelText(/Subject/) as HTMLInputElement;
    await waitFor(() => expect(subject.value).toBe('Error in POST customerCreate'));
    expect(within(dialog).getByText('POST')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Send ticket' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.body)).ErrorLogg).toEqual({ ...ticket, Method: 'POST' });
  });

  it('an error snackbar opens the support-ticket dialog, which sends the ticket', async () => {
    setTokens({ accessToken: 'A1', refreshToken: 'R1' });
    const { calls } = mockFetch(() => json(200, { Id: 5, Message: 'Successfully sent ticket :)' }));
    const user = userEvent.setup();
    renderWithFeedback(<Grab />);
    act(() =>
      snackbar.show({
        text: 'Unexpected error. Contact support.',
        subtext: '/api2/ServiceProvider/job/7',
        ticket: { Route: '/api2/ServiceProvider/job/7', Method: 'GET', Input: '', Response: '500 {}' },
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Create support ticket' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create support ticket' });
    const subject = within(dialog).getByLabelText(/Subject/) as HTMLInputElement;
    expect(subject.value).toBe('Error in GET /api2/ServiceProvider/job/7');

    await user.clear(subject);
    await user.click(within(dialog).getByRole('button', { name: 'Send ticket' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await user.type(subject, 'Job 7 will not open');
    await user.type(within(dialog).getByLabelText('Message (optional)'), 'It happens every time.');
    await user.click(within(dialog).getByLabelText('Send me a copy'));
    await user.click(within(dialog).getByRole('button', { name: 'Send ticket' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Successfully sent ticket :)')).toBeTruthy();
    expect(calls[0]!.url).toBe('/api2/ServiceProvider/Ticket/Error/New');
    expect(JSON.parse(String(calls[0]!.body))).toEqual({
      Subject: 'Job 7 will not open',
      OptionalMessage: 'It happens every time.',
      CCMe: true,
      ErrorLogg: { Route: '/api2/ServiceProvider/job/7', Method: 'GET', Input: '', Response: '500 {}' },
    });
  });
});

describe('confirm dialog', () => {
  it('resolves with the choice, and remembers "don\'t remind me"', async () => {
    const user = userEvent.setup();
    renderWithFeedback(<Grab />);
    const opts = { title: 'Delete job?', message: 'The job goes to the bin.', rememberKey: 'deleteJob' };

    let answer = ask(opts);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await answer).toBe(false);

    answer = ask(opts);
    const dialog = await screen.findByRole('dialog', { name: 'Delete job?' });
    expect(within(dialog).getByText('The job goes to the bin.')).toBeTruthy();
    await user.click(within(dialog).getByLabelText("Don't remind me"));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await answer).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Next time no dialog: confirmed at once.
    expect(await ask(opts)).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a conditional confirm must be ticked before Confirm is enabled', async () => {
    const user = userEvent.setup();
    renderWithFeedback(<Grab />);
    const answer = ask({
      title: 'Merge customers?',
      message: 'Two become one.',
      confirmText: 'Merge',
      conditionalConfirmText: 'I understand this cannot be undone',
    });
    const merge = await screen.findByRole('button', { name: 'Merge' });
    expect((merge as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByLabelText('I understand this cannot be undone'));
    expect((merge as HTMLButtonElement).disabled).toBe(false);
    await user.click(merge);
    expect(await answer).toBe(true);
  });
});

describe('pre-load screen', () => {
  it("shows 'n of m done' with a percentage", () => {
    renderWithFeedback(<PreloadScreen done={3} total={8} />);
    expect(screen.getByText('3 of 8 done')).toBeTruthy();
    expect(screen.getByText('38 %')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('38');
  });
});
