// @vitest-environment jsdom
import type { ImportFile } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { taskOf } from './test-data.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };

const previewOf = (over: Partial<ImportFile>): ImportFile => ({
  ImportId: 5,
  Kind: 'Machines',
  FileName: 'machines.csv',
  Status: 'previewed',
  RowCount: 2,
  NewCount: 2,
  Columns: ['SerialNumber', 'Name', 'CustomerNumber'],
  Rows: [
    { Row: 2, Values: { SerialNumber: 'SN-1', Name: 'Compressor', CustomerNumber: '10001' } },
    { Row: 3, Values: { SerialNumber: 'SN-2', Name: 'Dryer', CustomerNumber: '10001' } },
  ],
  Problems: [],
  TaskId: null,
  Report: null,
  Created: '2026-11-24T10:00:00',
  ...over,
});

const csv = () =>
  new File(['SerialNumber,Name,CustomerNumber\nSN-1,Compressor,10001\n'], 'machines.csv', {
    type: 'text/csv',
  });

describe('the import page (001 §2.4 Admin → import, ImportMachine)', () => {
  it('uploads a file of the chosen kind and names every problem row; nothing can be imported', async () => {
    const calls: Req[] = [];
    const user = userEvent.setup({ delay: null });
    const bad = previewOf({
      Kind: 'Customers',
      Problems: [
        { Row: 3, Column: 'Name', Message: 'A value is required.' },
        { Row: 4, Column: 'Active', Message: 'Write yes or no.' },
      ],
    });
    renderApp('/admin/import-export/import', (req) => {
      calls.push(req);
      if (req.path === 'task') return json(200, []);
      if (req.method === 'POST' && req.path === 'Import/Preview') return json(200, bad);
      if (req.path === 'Import/5') return json(200, bad);
      return undefined;
    });
    await user.click(await screen.findByRole('radio', { name: 'Customers' }, WAIT));
    await user.upload(await screen.findByTestId('import-file-input'), csv());
    const problems = await screen.findByRole('list', { name: 'Problems' }, WAIT);
    expect(within(problems).getByText('Row 3 · Name')).toBeTruthy();
    expect(within(problems).getByText('A value is required.')).toBeTruthy();
    expect(within(problems).getByText('Row 4 · Active')).toBeTruthy();
    expect(screen.getByTestId('import-summary').textContent).toBe('2 rows, 2 new, 2 problems');
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
    const upload = calls.find((c) => c.path === 'Import/Preview')!.body as FormData;
    expect(upload.get('Kind')).toBe('Customers');
    expect((upload.get('File') as File).name).toBe('machines.csv');
  });

  it('imports machines from the machine list’s import page and shows the task’s report', async () => {
    const user = userEvent.setup({ delay: null });
    let current = previewOf({});
    let ran = false;
    renderApp('/pim/machine-list/import', (req) => {
      if (req.path === 'task')
        return json(200, ran ? [taskOf(9, { taskName: 'Import', status: 'completed' })] : []);
      if (req.method === 'POST' && req.path === 'Import/Preview') return json(200, current);
      if (req.method === 'POST' && req.path === 'Import/5/Run') {
        ran = true;
        current = previewOf({ Status: 'completed', Report: { Created: 2, Updated: 0, Unchanged: 0 } });
        return json(200, taskOf(9, { taskName: 'Import', status: 'created' }));
      }
      if (req.path === 'Import/5') return json(200, current);
      return undefined;
    });
    expect(await screen.findByRole('heading', { name: 'Import machines' }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Customers' })).toBeNull();
    await user.upload(await screen.findByTestId('import-file-input'), csv());
    const rows = await screen.findByRole('list', { name: 'The first 2 rows' }, WAIT);
    expect(
      within(rows).getByText('SerialNumber: SN-1 · Name: Compressor · CustomerNumber: 10001'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(
      () =>
        expect(screen.getByTestId('import-report').textContent).toContain(
          'Imported: 2 created, 0 changed, 0 already there.',
        ),
      WAIT,
    );
    expect(
      within(screen.getByTestId('import-report')).getByRole('link', { name: 'Show the machines' }),
    ).toBeTruthy();
  });
});
