// @vitest-environment jsdom
import type { Checklist, ChecklistField } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { jobWithTwoMachineJobs } from './test-data.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const TAB = '/job/list/status-10-0/view/1/checklists';
const job = jobWithTwoMachineJobs();

const field = (
  over: Partial<ChecklistField> & Pick<ChecklistField, 'Id' | 'Label' | 'Type'>,
): ChecklistField => ({
  ChecklistId: 5,
  Section: 'Safety',
  Required: true,
  Min: null,
  Max: null,
  Unit: '',
  Choices: [],
  Value: null,
  Failed: false,
  AnsweredBy: null,
  Answered: null,
  FollowUpJobId: null,
  RowVersion: 1,
  ...over,
});

const fields = [
  field({ Id: 51, Label: 'Guards in place', Type: 'YesNo' }),
  field({ Id: 52, Label: 'Pressure', Type: 'Number', Min: 6, Max: 8, Unit: 'bar' }),
  field({ Id: 53, Label: 'Condition', Type: 'Choice', Section: 'Finish', Choices: ['Good', 'Poor'] }),
];
const checklist: Checklist = {
  Id: 5,
  JobId: 1,
  TemplateId: 2,
  Name: 'Compressor service',
  Created: '2026-03-02T08:00:00',
  CreatedBy: 'Tina Tekniker',
  FieldCount: 3,
  AnsweredCount: 0,
  FailedCount: 0,
  Complete: false,
  Fields: fields,
};
const { Fields: _f, ...summary } = checklist;

function server(answer?: (req: Req) => Response | undefined) {
  return (req: Req): Response | undefined => {
    const own = answer?.(req);
    if (own) return own;
    if (req.path === 'job/1') return json(200, job);
    if (req.path === 'checklist/list') return json(200, [summary]);
    if (req.path === 'checklist/') return json(200, checklist);
    if (req.path === 'checklist/templates')
      return json(200, [
        { Id: 2, Name: 'Compressor service', IsActive: true, SectionCount: 2, FieldCount: 3 },
      ]);
    return undefined;
  };
}

describe('the job checklists tab', () => {
  it('lists the job’s checklists and opens one with its fields by section', async () => {
    const user = userEvent.setup();
    renderApp(TAB, server());
    await user.click(await screen.findByRole('button', { name: /Compressor service/ }, WAIT));
    const safety = await screen.findByRole('region', { name: 'Safety' }, WAIT);
    expect(within(safety).getByText('Guards in place *')).toBeTruthy();
    expect(within(safety).getByLabelText(/Pressure/)).toBeTruthy();
    expect(within(safety).getByText('Pass range: 6–8 bar')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Finish' })).toBeTruthy();
    expect(screen.getByText('0 of 3 answered')).toBeTruthy();
  }, 30_000);

  it('answers a yes/no at once and a number on blur, with the field’s row version', async () => {
    const user = userEvent.setup();
    // The server keeps the answers: the checklist read after a save has them.
    let current = fields;
    const { requests } = renderApp(
      TAB,
      server((req) => {
        if (req.path === 'checklist/') return json(200, { ...checklist, Fields: current });
        if (req.path !== 'checklist/field/') return undefined;
        const body = req.body as { Id: number; Value: unknown };
        const f = current.find((x) => x.Id === body.Id)!;
        const next = {
          ...f,
          Value: body.Value as never,
          Failed: body.Value === false,
          RowVersion: f.RowVersion + 1,
        };
        current = current.map((x) => (x.Id === next.Id ? next : x));
        return json(200, next);
      }),
    );
    await user.click(await screen.findByRole('button', { name: /Compressor service/ }, WAIT));
    const row = await screen.findByTestId('checklist-field-51', {}, WAIT);
    await user.click(within(row).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(requests.some((r) => r.path === 'checklist/field/')).toBe(true));
    expect(requests.find((r) => r.path === 'checklist/field/')?.body).toEqual({
      Id: 51,
      Value: false,
      RowVersion: 1,
    });
    expect(await within(row).findByText('Failed')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Raise follow-up job' })).toBeTruthy();

    const pressure = screen.getByTestId('checklist-field-52');
    await fill(user, within(pressure).getByLabelText(/Pressure/), '7,5');
    await user.tab();
    await waitFor(() =>
      expect(requests.filter((r) => r.path === 'checklist/field/').map((r) => r.body)).toContainEqual({
        Id: 52,
        Value: 7.5,
        RowVersion: 1,
      }),
    );
  }, 30_000);

  it('shows the server’s refusal of a wrong answer under the field', async () => {
    const user = userEvent.setup();
    const message = 'The answer must be one of: Good, Poor.';
    renderApp(
      TAB,
      server((req) =>
        req.path === 'checklist/field/'
          ? json(400, { Message: message, Errors: [{ Field: 'Value', Message: message }] })
          : undefined,
      ),
    );
    await user.click(await screen.findByRole('button', { name: /Compressor service/ }, WAIT));
    const row = await screen.findByTestId('checklist-field-53', {}, WAIT);
    await user.click(within(row).getByRole('button', { name: 'Good' }));
    expect((await within(row).findByRole('alert')).textContent).toBe(message);
  }, 30_000);

  it('starts a checklist of the chosen template on the job', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      TAB,
      server((req) => (req.path === 'checklist/start' ? json(200, checklist) : undefined)),
    );
    await user.click(await screen.findByLabelText('Template', {}, WAIT));
    await user.click(await screen.findByRole('option', { name: 'Compressor service' }));
    await user.click(screen.getByRole('button', { name: 'Start checklist' }));
    await waitFor(() => expect(requests.some((r) => r.path === 'checklist/start')).toBe(true));
    const sent = requests.find((r) => r.path === 'checklist/start')!;
    expect(sent.method).toBe('POST');
    expect(sent.query.get('jobId')).toBe('1');
    expect(sent.query.get('templateId')).toBe('2');
  }, 30_000);
});
