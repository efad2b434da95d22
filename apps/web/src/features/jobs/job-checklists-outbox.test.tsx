// @vitest-environment jsdom
import '../../test/device-indexeddb.ts';
import type { Checklist, ChecklistField } from '@fieldport/contract';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearOutbox } from '../../lib/outbox/state.ts';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobWithTwoMachineJobs } from './test-data.ts';

resetAppBetweenTests();

/** Checklist answers in the job view go through the outbox (decision 099). */
const WAIT = { timeout: 15_000 };
const TAB = '/job/list/status-10-0/view/1/checklists';
const job = jobWithTwoMachineJobs();

const condition: ChecklistField = {
  Id: 53,
  ChecklistId: 5,
  Section: 'Finish',
  Label: 'Condition',
  Type: 'Choice',
  Required: true,
  Min: null,
  Max: null,
  Unit: '',
  Choices: ['Good', 'Poor'],
  Value: null,
  Failed: false,
  AnsweredBy: null,
  Answered: null,
  FollowUpJobId: null,
  RowVersion: 1,
};
const checklist = (field: ChecklistField): Checklist => ({
  Id: 5,
  JobId: 1,
  TemplateId: 2,
  Name: 'Compressor service',
  Created: '2026-03-02T08:00:00',
  CreatedBy: 'Tina Tekniker',
  FieldCount: 1,
  AnsweredCount: field.Value === null ? 0 : 1,
  FailedCount: 0,
  Complete: field.Value !== null,
  Fields: [field],
});

const setOnline = (value: boolean) => {
  Object.defineProperty(navigator, 'onLine', { value, configurable: true });
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
};

/** Job 1 with checklist 5; the field as the server holds it is `stored()`; `answer` answers PATCH checklist/field/. */
function server(stored: () => ChecklistField, answer: (req: Req) => Response) {
  return (req: Req): Response | undefined => {
    if (req.path === 'job/1') return json(200, job);
    if (req.path === 'checklist/list') {
      const { Fields: _f, ...summary } = checklist(stored());
      return json(200, [summary]);
    }
    if (req.path === 'checklist/') return json(200, checklist(stored()));
    if (req.path === 'checklist/templates') return json(200, []);
    if (req.path === 'checklist/field/') return answer(req);
    return undefined;
  };
}

async function openChecklist() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: /Compressor service/ }, WAIT));
  return { user, row: await screen.findByTestId('checklist-field-53', {}, WAIT) };
}

describe('checklist answers in the job view through the outbox', () => {
  afterEach(async () => {
    cleanup();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
    await clearOutbox(bundle().UserInfo.Id);
  });

  it('answered offline, the answer shows at once marked "Waiting to send", and is sent once, with a key, when online', async () => {
    let field = condition;
    const sent: Req[] = [];
    const { server: fetch } = renderApp(
      TAB,
      server(
        () => field,
        (req) => {
          sent.push(req);
          const body = req.body as { Value: string };
          field = { ...field, Value: body.Value, RowVersion: field.RowVersion + 1 };
          return json(200, field);
        },
      ),
    );
    const { user, row } = await openChecklist();
    setOnline(false);
    await user.click(within(row).getByRole('button', { name: 'Good' }));
    const pending = await screen.findByTestId('pending-answer-53', {}, WAIT);
    expect(within(pending).getByText('Condition: Good')).toBeTruthy();
    expect(within(pending).getByText('Waiting to send')).toBeTruthy();
    // Shown as answered at once.
    expect(within(row).getByRole('button', { name: 'Good' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('status', { name: '1 change waiting to send' })).toBeTruthy();
    expect(sent).toHaveLength(0);

    setOnline(true);
    await waitFor(() => expect(screen.queryByTestId('pending-answer-53')).toBeNull(), WAIT);
    expect(sent.map((r) => r.body)).toEqual([{ Id: 53, Value: 'Good', RowVersion: 1 }]);
    const call = fetch.calls.find((c) => c.url.includes('checklist/field/'))!;
    expect(call.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1 of 1 answered')).toBeTruthy(), WAIT);
    expect(
      within(screen.getByTestId('checklist-field-53'))
        .getByRole('button', { name: 'Good' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  }, 60_000);

  it('changed by the office meanwhile, the answer is a conflict with both sides; Keep mine sends it on the office’s version', async () => {
    let field = condition;
    const sent: Req[] = [];
    renderApp(
      TAB,
      server(
        () => field,
        (req) => {
          sent.push(req);
          const body = req.body as { Value: string; RowVersion: number };
          if (body.RowVersion !== field.RowVersion)
            return json(409, { Message: 'Changed by someone else meanwhile.' });
          field = { ...field, Value: body.Value, RowVersion: field.RowVersion + 1 };
          return json(200, field);
        },
      ),
    );
    const { user, row } = await openChecklist();
    setOnline(false);
    await user.click(within(row).getByRole('button', { name: 'Good' }));
    await screen.findByTestId('pending-answer-53', {}, WAIT);
    // The office answers the field while the phone is offline.
    field = { ...field, Value: 'Poor', RowVersion: 4 };

    setOnline(true);
    const conflict = await screen.findByTestId('outbox-conflict', {}, WAIT);
    expect(within(conflict).getByText('Your change: Condition: Good')).toBeTruthy();
    expect(within(conflict).getByText('The office’s: Condition: Poor')).toBeTruthy();
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByTestId('pending-answer-53')).toBeNull(), WAIT);
    expect(sent.map((r) => r.body)).toEqual([
      { Id: 53, Value: 'Good', RowVersion: 1 },
      { Id: 53, Value: 'Good', RowVersion: 4 },
    ]);
    expect(field).toMatchObject({ Value: 'Good', RowVersion: 5 });
  }, 60_000);
});
