// @vitest-environment jsdom
import type { ChangeLogEntry } from '@fieldport/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobRecord } from './test-data.ts';

resetAppBetweenTests();

const JOB = 101;
const line: ChangeLogEntry = {
  Id: 9,
  CustomerId: 7,
  MachineId: null,
  Entity: 'Job',
  EntityId: JOB,
  Action: 'Change',
  Description: 'Service',
  Changes: [
    { Field: 'JobStatusId', OldValue: '10', NewValue: '20', OldText: 'New', NewText: 'Planned' },
    { Field: 'CustomerId', OldValue: '3', NewValue: '7', OldText: null, NewText: 'Fjellheim Industri AS' },
    { Field: 'NoInvoice', OldValue: 'false', NewValue: 'true' },
    { Field: 'FirstLineComment', OldValue: null, NewValue: 'Leaks oil' },
  ],
  UserId: 1,
  UserName: 'Ada Admin',
  Created: '2026-03-16T08:30:00',
};

function show(lang: string) {
  const info = bundle();
  info.UserInfo.Uiculture = lang;
  return renderApp(
    `/job/list/status-20-0/view/${JOB}/logg`,
    (req) => {
      if (req.path === `job/${JOB}`) return json(200, jobRecord(JOB));
      if (req.path === `JobHistory/${JOB}`) return json(200, [line]);
      return undefined;
    },
    info,
  );
}

/** The job view's Log tab (issue 35.3): fields and values as a person reads them, in their language. */
describe('the job’s log', () => {
  it('names the fields and the values in English, not the stored ids', async () => {
    show('en');
    const row = await screen.findByTestId('history-9', {}, { timeout: 15_000 });
    expect(row.textContent).toContain('Status: New → Planned');
    expect(row.textContent).toContain('Customer: 3 → Fjellheim Industri AS');
    expect(row.textContent).toContain('No invoice: No → Yes');
    expect(row.textContent).toContain('First-line comment: – → Leaks oil');
    expect(row.textContent).not.toContain('JobStatusId');
  });

  it('names them in Norwegian for a Norwegian reader', async () => {
    show('no');
    const row = await screen.findByTestId('history-9', {}, { timeout: 15_000 });
    expect(row.textContent).toContain('Status: New → Planned');
    expect(row.textContent).toContain('Kunde: 3 → Fjellheim Industri AS');
    expect(row.textContent).toContain('Ikke fakturer: Nei → Ja');
    expect(row.textContent).toContain('Førstelinjekommentar: – → Leaks oil');
  });
});
