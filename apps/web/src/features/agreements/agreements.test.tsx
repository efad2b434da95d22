// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  dateShown,
  fill,
  findDateField,
  json,
  type Req,
  renderApp,
  resetAppBetweenTests,
  typeDate,
} from '../../test/app-harness.tsx';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const order = (AgreementId: number, extra: object = {}) => ({
  AgreementId,
  AgreementName: `Service ${AgreementId}`,
  MachineId: 10 + AgreementId,
  MachineName: `Press ${AgreementId}`,
  SerialNumber: `SN-${AgreementId}`,
  CustomerId: 5,
  CustomerName: 'Fjord Mekaniske AS',
  ContractId: null,
  ContractName: null,
  DueDate: '2026-12-01',
  DueBy: 'Date',
  Overdue: false,
  CounterName: null,
  DueAtCounter: null,
  LastCounterValue: null,
  LastReadingDate: null,
  RowVersion: 3,
  ...extra,
});
const contract = {
  Id: 7,
  ContractTypeId: 2,
  ContractTypeName: 'Full service',
  CustomerId: 5,
  CustomerName: 'Fjord Mekaniske AS',
  Name: 'Full service 2026',
  StartDate: '2026-01-01',
  EndDate: null,
  IntervalMonths: 6,
  Price: 24000,
  IsActive: true,
  MachineCount: 1,
};

function server(extra: (req: Req) => Response | undefined = () => undefined) {
  return (req: Req) => {
    if (req.path === 'ServiceAgreement/NextOrders')
      return json(200, {
        Content: [
          order(1),
          order(2, { DueBy: 'Counter', CounterName: 'Hours', DueAtCounter: 4500, LastCounterValue: 4300 }),
        ],
        TotalCount: 2,
      });
    if (req.path === 'Contract/TypeMap')
      return json(200, [{ Id: 2, Name: 'Full service', Icon: 'Build', Count: 1 }]);
    if (req.path === 'Contract/Filtered') return json(200, { Content: [contract], TotalCount: 1 });
    if (req.path === 'Contract/7')
      return json(200, {
        ...contract,
        Notes: 'Travel included.',
        RowVersion: 1,
        Machines: [{ Id: 11, Name: 'Press 1', SerialNumber: 'SN-1' }],
      });
    return extra(req);
  };
}

describe('agreements screens', () => {
  it('next orders show why each visit is due; one job at once, the chosen ones as a task', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/agreements/next-orders',
      server((req) => {
        if (req.path === 'ServiceAgreement/1/CreateJob') return json(200, { AgreementId: 1, JobId: 99 });
        if (req.path === 'ServiceAgreement/NextOrders/CreateJobs')
          return json(200, {
            taskId: 5,
            taskName: 'CreateNextOrderJobs',
            status: 'created',
            displayText: 'Creating jobs from next orders',
            progress: 0,
            planName: null,
            errorMessage: null,
            keepInNotificationBar: true,
            discreet: false,
            returnObject: null,
          });
        return undefined;
      }),
    );
    const first = await screen.findByTestId('next-order-1', {}, WAIT);
    expect(first.textContent).toContain('Due 01.12-2026');
    expect(first.textContent).toContain('By date');
    expect(screen.getByTestId('next-order-2').textContent).toContain('By Hours: due at 4500, now 4300');

    await user.click(within(first).getByRole('button', { name: 'Create job' }));
    expect(await screen.findByRole('link', { name: 'Job 99' }, WAIT)).toBeTruthy();
    expect(screen.getByTestId('next-orders-made').textContent).toContain('Job made for “Service 1”');
    const made = requests.find((r) => r.path === 'ServiceAgreement/1/CreateJob');
    expect(made?.body).toEqual({ RowVersion: 3 });

    const chosen = screen.getByRole('button', { name: 'Create jobs (0)' }) as HTMLButtonElement;
    expect(chosen.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Choose Service 2' }));
    await user.click(screen.getByRole('button', { name: 'Create jobs (1)' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === 'ServiceAgreement/NextOrders/CreateJobs')?.body).toEqual({
        AgreementIds: [2],
      }),
    );
  });

  it('the contracts of a type open our own contract page with its machines, period and price', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp('/agreements/contracts/2', server());
    await user.click(await screen.findByTestId('contract-7', {}, WAIT));
    const panel = await screen.findByTestId('contract-panel', {}, WAIT);
    expect(panel.textContent).toContain('Full service · Fjord Mekaniske AS');
    expect(panel.textContent).toContain('01.01-2026 – open-ended');
    expect(panel.textContent).toContain('24,000.00');
    expect(within(panel).getByText('Press 1')).toBeTruthy();
    expect(requests.find((r) => r.path === 'Contract/Filtered')?.query.get('ContractTypeId')).toBe('2');
  });

  it('the customer’s contract-details tab lists its contracts', async () => {
    const { requests } = renderApp(
      '/customer/5/contract-details',
      server((req) => (req.path.startsWith('customer') ? json(404, { Message: 'x' }) : undefined)),
    );
    expect(await screen.findByTestId('contract-7', {}, WAIT)).toBeTruthy();
    expect(requests.find((r) => r.path === 'Contract/Filtered')?.query.get('CustomerId')).toBe('5');
  });

  it('the Admin makes a contract from the list: a period ending before it starts shows under End date', async () => {
    const user = userEvent.setup({ delay: null });
    let posts = 0;
    const { requests } = renderApp(
      '/customer/5/contract-details',
      server((req) => {
        if (req.path === 'Machine/Filtered')
          return json(200, {
            Content: [
              { Id: 11, Name: 'Press 1', DisplayName: 'Press 1', SerialNumber: 'SN-1', CustomerId: 5 },
            ],
            TotalCount: 1,
          });
        if (req.path === 'Contract' && req.method === 'POST') {
          posts += 1;
          if (posts === 1)
            return json(400, {
              Message: 'The contract cannot end (31.05-2026) before it starts (01.06-2026).',
              Errors: [
                {
                  Field: 'EndDate',
                  Message: 'The contract cannot end (31.05-2026) before it starts (01.06-2026).',
                },
              ],
            });
          return json(200, {
            ...contract,
            Id: 8,
            Name: 'Yearly check',
            Notes: '',
            RowVersion: 1,
            Machines: [],
          });
        }
        if (req.path.startsWith('customer')) return json(404, { Message: 'x' });
        return undefined;
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'New contract' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'New contract' }, WAIT);
    await user.click(within(dialog).getByRole('combobox', { name: /Contract type/ }));
    await user.click(await screen.findByRole('option', { name: 'Full service' }, WAIT));
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Yearly check');
    await typeDate(user, await findDateField(dialog, /^Start date/), '01062026');
    await typeDate(user, await findDateField(dialog, /^End date/), '31052026');
    await fill(user, within(dialog).getByLabelText(/^Price per year/), '12000');
    await user.click(within(dialog).getByRole('combobox', { name: 'Machines covered' }));
    await user.click(await screen.findByRole('option', { name: 'Press 1' }, WAIT));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The contract cannot end (31.05-2026) before it starts (01.06-2026).',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(
      (await findDateField(dialog, /^End date/))
        .querySelector('[aria-invalid]')
        ?.getAttribute('aria-invalid'),
    ).toBe('true');
    await typeDate(user, await findDateField(dialog, /^End date/), '31122026');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New contract' })).toBeNull(), WAIT);
    const made = requests.filter((r) => r.path === 'Contract' && r.method === 'POST');
    expect(made[1]?.body).toEqual({
      ContractTypeId: 2,
      CustomerId: 5,
      Name: 'Yearly check',
      StartDate: '2026-06-01',
      EndDate: '2026-12-31',
      IntervalMonths: 12,
      Price: '12000',
      Notes: '',
      MachineIds: [11],
    });
  });

  it('the Admin changes a contract from its page, with the row version read', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/agreements/contracts/2',
      server((req) =>
        req.path === 'Contract' && req.method === 'PATCH'
          ? json(200, { ...contract, Name: 'Full service 2027', Notes: '', RowVersion: 2, Machines: [] })
          : undefined,
      ),
    );
    await user.click(await screen.findByTestId('contract-7', {}, WAIT));
    const panel = await screen.findByTestId('contract-panel', {}, WAIT);
    await user.click(await within(panel).findByRole('button', { name: 'Edit contract' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contract' }, WAIT);
    expect(dateShown(await findDateField(dialog, /^Start date/))).toBe('01.01-2026');
    expect(within(dialog).getByRole('button', { name: 'Press 1' })).toBeTruthy();
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Full service 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === 'Contract' && r.method === 'PATCH')?.body).toMatchObject({
        Id: 7,
        RowVersion: 1,
        Name: 'Full service 2027',
        StartDate: '2026-01-01',
        EndDate: null,
        IntervalMonths: 6,
        Price: '24000',
        MachineIds: [11],
      }),
    );
  });

  it('the Admin changes a service agreement in the same form: its refusal under the field, then the version read', async () => {
    const user = userEvent.setup({ delay: null });
    const agreement = {
      Id: 21,
      MachineId: 11,
      MachineName: 'Press 1',
      CustomerId: 5,
      CustomerName: 'Fjord Mekaniske AS',
      ContractId: null,
      ContractName: null,
      Name: 'Half-yearly',
      StartDate: '2026-01-01',
      EndDate: null,
      IntervalMonths: 6,
      CounterId: null,
      CounterName: null,
      CounterInterval: null,
      LastServiceDate: null,
      LastServiceCounter: null,
      LastJobId: null,
      JobTypeId: 1,
      EstimatedTime: 1,
      IsActive: true,
      RowVersion: 4,
    };
    let patches = 0;
    const { requests } = renderApp(
      '/agreements/service-agreements',
      server((req) => {
        if (req.path === 'ServiceAgreement' && req.method === 'GET')
          return json(200, { Content: [agreement], TotalCount: 1 });
        if (req.path === 'Counter/Machine/11') return json(200, []);
        if (req.path === 'ServiceAgreement/21' && req.method === 'PATCH') {
          patches += 1;
          if (patches === 1)
            return json(400, {
              Message: 'The service agreement cannot end (31.12-2025) before it starts (01.01-2026).',
              Errors: [
                {
                  Field: 'EndDate',
                  Message: 'The service agreement cannot end (31.12-2025) before it starts (01.01-2026).',
                },
              ],
            });
          return json(200, { ...agreement, Name: 'Quarterly', IntervalMonths: 3, RowVersion: 5 });
        }
        return undefined;
      }),
    );
    const row = await screen.findByTestId('agreement-21', {}, WAIT);
    await user.click(within(row).getByRole('button', { name: 'Edit Half-yearly' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit service agreement' }, WAIT);
    // The machine stays: shown, not offered for change.
    const machine = within(dialog).getByLabelText(/^Machine/) as HTMLInputElement;
    expect([machine.value, machine.readOnly]).toEqual(['Press 1 · Fjord Mekaniske AS', true]);
    expect(dateShown(await findDateField(dialog, /^Start date/))).toBe('01.01-2026');
    await fill(user, within(dialog).getByLabelText(/^Name/), 'Quarterly');
    await fill(user, within(dialog).getByLabelText(/^Interval in months/), '3');
    await typeDate(user, await findDateField(dialog, /^End date/), '31122025');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The service agreement cannot end (31.12-2025) before it starts (01.01-2026).',
        {},
        WAIT,
      ),
    ).toBeTruthy();
    expect(
      (await findDateField(dialog, /^End date/))
        .querySelector('[aria-invalid]')
        ?.getAttribute('aria-invalid'),
    ).toBe('true');
    await typeDate(user, await findDateField(dialog, /^End date/), '31122027');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(
      () => expect(screen.queryByRole('dialog', { name: 'Edit service agreement' })).toBeNull(),
      WAIT,
    );
    const sent = requests.filter((r) => r.path === 'ServiceAgreement/21' && r.method === 'PATCH');
    expect(sent[1]?.body).toEqual({
      Name: 'Quarterly',
      StartDate: '2026-01-01',
      EndDate: '2027-12-31',
      IntervalMonths: 3,
      CounterId: null,
      CounterInterval: null,
      ContractId: null,
      IsActive: true,
      RowVersion: 4,
    });
    // The list is read again after the change.
    await waitFor(
      () =>
        expect(
          requests.filter((r) => r.path === 'ServiceAgreement' && r.method === 'GET').length,
        ).toBeGreaterThan(1),
      WAIT,
    );
  });

  it('the Admin’s contract types: a new one with its icon, and a type in use refused with the server’s message', async () => {
    const user = userEvent.setup({ delay: null });
    const inUse = {
      Id: 2,
      Name: 'Full service',
      Names: { en: 'Full service', no: 'Fullservice' },
      Icon: 'Build',
      Position: 0,
      IsActive: true,
      ContractCount: 3,
      RowVersion: 1,
    };
    const { requests } = renderApp(
      '/admin/contract-types',
      server((req) => {
        if (req.path === 'ContractType' && req.method === 'GET') return json(200, [inUse]);
        if (req.path === 'ContractType' && req.method === 'POST')
          return json(200, { ...inUse, Id: 9, Name: 'Annual inspection', ContractCount: 0 });
        if (req.path === 'ContractType/2' && req.method === 'DELETE')
          return json(409, {
            Message: 'Full service (contract type) is still used by 3 records and cannot be deleted.',
          });
        return undefined;
      }),
    );
    const row = await screen.findByTestId('contract-type-row-2', {}, WAIT);
    expect(row.textContent).toContain('Full service');
    expect(row.textContent).toContain('3 contracts');

    await user.click(within(row).getByRole('button', { name: 'Delete Full service' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete contract type' }, WAIT);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toContain(
      'Full service (contract type) is still used by 3 records and cannot be deleted.',
    );

    await user.click(screen.getByRole('button', { name: 'New contract type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contract type' }, WAIT);
    await fill(user, within(dialog).getByLabelText(/^Name \(English\)/), 'Annual inspection');
    await fill(user, within(dialog).getByLabelText(/^Name \(Norsk\)/), 'Årlig inspeksjon');
    await user.click(within(dialog).getByRole('combobox', { name: 'Icon' }));
    await user.click(await screen.findByRole('option', { name: 'Checklist' }, WAIT));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New contract type' })).toBeNull(), WAIT);
    expect(requests.find((r) => r.path === 'ContractType' && r.method === 'POST')?.body).toEqual({
      Name: 'Annual inspection',
      Names: { no: 'Årlig inspeksjon' },
      Icon: 'Checklist',
      Position: 0,
      IsActive: true,
    });
    // Every agreements answer is read again after the change (the list here, the menu's types with it).
    await waitFor(
      () =>
        expect(
          requests.filter((r) => r.path === 'ContractType' && r.method === 'GET').length,
        ).toBeGreaterThan(1),
      WAIT,
    );
  });
});

describe('the old contract edit page (001 §2.5)', () => {
  it('opens our contract with its edit form, the contract detail’s machine pointed out', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp('/agreements/contract-edit?contractId=7&contractDetailId=11', server());
    const dialog = await screen.findByRole('dialog', { name: 'Edit contract' }, WAIT);
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveProperty(
      'value',
      'Full service 2026',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
    const panel = screen.getByTestId('contract-panel');
    expect(within(panel).getByText('Travel included.')).toBeTruthy();
    expect(within(panel).getByTestId('contract-machine-11').getAttribute('aria-current')).toBe('true');
    expect(requests.some((r) => r.path === 'Contract/7')).toBe(true);
  });

  it('says so when the address names no contract', async () => {
    renderApp('/agreements/contract-edit', server());
    expect(await screen.findByText('The address names no contract.', {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to agreements' }).getAttribute('href')).toBe(
      '/agreements/next-orders',
    );
  });
});
