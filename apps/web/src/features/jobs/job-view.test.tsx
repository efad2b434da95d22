// @vitest-environment jsdom
import type { Job } from '@fieldport/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeCanvas } from '../../components/signature/test-canvas.ts';
import { json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobRecord } from './test-data.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const JOB = 101;

const status = (Id: number, Name: string) => ({
  Id,
  Name,
  Color: '#777',
  Icon: 'FiberNew',
  SortOrder: Id,
  RowVersion: 1,
  Count: 0,
  CountCapped: false,
  SubStatuses: [],
});
const customerItem = (Id: number, Name: string) => ({
  Id,
  CustomerNumber: String(1000 + Id),
  Name,
  IsActive: true,
  DefaultDeliveryAddress: null,
});

/** A server with one job (customer 7, one machine job) and the lookups; `answer` may take over a call. */
function server(start: Job, answer?: (req: Req, job: Job) => Response | undefined) {
  let job = start;
  return (req: Req): Response | undefined => {
    const own = answer?.(req, job);
    if (own) return own;
    const p = req.path;
    if (p === `job/${JOB}`) return json(200, job);
    if (p === 'job/changedetails') {
      const body = req.body as Partial<Job>;
      job = { ...job, ...body, RowVersion: job.RowVersion + 1 };
      return json(200, job);
    }
    if (p === `Job/${JOB}/ChangeStatus`) {
      const sub = Number(req.query.get('jobSubStatusId'));
      job = {
        ...job,
        JobStatusId: Number(req.query.get('jobStatusId')),
        JobSubStatusId: sub || null,
        RowVersion: job.RowVersion + 1,
      };
      return json(200, job);
    }
    const swap = /^job\/\d+\/swapcustomer\/(\d+)$/.exec(p);
    if (swap) {
      job = { ...job, CustomerId: Number(swap[1]), CustomerName: 'Havbruk AS', InverseParent: [] };
      return json(200, job);
    }
    if (p === 'jobtype')
      return json(200, [
        { Id: 2, Name: 'Repair' },
        { Id: 4, Name: 'Service' },
      ]);
    if (p === 'jobpriority')
      return json(200, [
        { Id: 3, Name: 'Normal', DueAfterHours: 72 },
        { Id: 1, Name: 'Urgent', DueAfterHours: 8 },
      ]);
    if (p === 'Department/Filtered') return json(200, { Content: [], TotalCount: 0 });
    if (p === 'JobStatus/GetAll')
      return json(200, [status(10, 'New'), status(30, 'In progress'), status(70, 'Approved')]);
    if (p === 'JobSubStatus/ByStatus/30')
      return json(200, [{ Id: 301, ParentId: 30, Name: 'Waiting for parts', RowVersion: 1 }]);
    if (/^JobSubStatus\/ByStatus\/\d+$/.test(p)) return json(200, []);
    if (p === 'customer/Filtered') {
      const all = [customerItem(7, 'Berg AS'), customerItem(8, 'Havbruk AS')];
      const wanted = req.query.getAll('PrependItemIdList').map(Number);
      // The ids asked for come first; a page holds ItemsPerPage.
      const ordered = [
        ...all.filter((c) => wanted.includes(c.Id)),
        ...all.filter((c) => !wanted.includes(c.Id)),
      ];
      const Content = ordered.slice(0, Number(req.query.get('ItemsPerPage') ?? 40));
      return json(200, { Content, TotalCount: all.length });
    }
    if (/^customer\/\d+\/address$/.test(p)) return json(200, []);
    if (/^CustomerPerson\/Customer\/\d+\/AllContacts$/.test(p)) return json(200, []);
    return undefined;
  };
}

const viewUrl = `/job/list/my/view/${JOB}/general`;

async function choose(user: ReturnType<typeof userEvent.setup>, label: RegExp, option: string | RegExp) {
  await user.click(await screen.findByRole('combobox', { name: label }, WAIT));
  await user.click(await screen.findByRole('option', { name: option }, WAIT));
}

describe('the job view’s general tab (issue 11)', () => {
  it('changes the job type and priority with its row version, shows the deadline, and turns on no invoice', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(viewUrl, server(jobRecord(JOB)));
    await screen.findByTestId('priority-deadline', {}, WAIT);
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: /Job type/ }).textContent).toBe('Repair'),
      WAIT,
    );
    expect(screen.getByTestId('priority-deadline').textContent).toMatch(/^Overdue since /);

    await choose(user, /Job type/, 'Service');
    await waitFor(() => expect(requests.filter((r) => r.path === 'job/changedetails')).toHaveLength(1));
    expect(requests.find((r) => r.path === 'job/changedetails')!.body).toMatchObject({
      Id: JOB,
      RowVersion: 3,
      JobTypeId: 4,
      JobPriorityId: 3,
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Job type/ }).textContent).toBe('Service'),
    );

    await choose(user, /Priority/, 'Urgent');
    await waitFor(() => expect(requests.filter((r) => r.path === 'job/changedetails')).toHaveLength(2));
    expect(requests.filter((r) => r.path === 'job/changedetails')[1]!.body).toMatchObject({
      RowVersion: 4,
      JobTypeId: 4,
      JobPriorityId: 1,
    });

    await user.click(screen.getByRole('switch', { name: 'No invoice' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === 'job/changedetails')[2]?.body).toMatchObject({
        NoInvoice: true,
      }),
    );
  });

  it('shows the server’s refusal under the select when the job changed in between (409)', async () => {
    const user = userEvent.setup();
    const stale = 'Someone else changed this job after you opened it. Reload it and make your change again.';
    renderApp(
      viewUrl,
      server(jobRecord(JOB), (req) =>
        req.path === 'job/changedetails' ? json(409, { Message: stale }) : undefined,
      ),
    );
    await choose(user, /Priority/, 'Urgent');
    expect(await screen.findByText(stale, {}, WAIT)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Priority/ }).textContent).toBe('Normal');
  });

  it('changes the status, then the sub-status of the new status; approved is not offered', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(viewUrl, server(jobRecord(JOB)));
    await user.click(await screen.findByRole('combobox', { name: /^Status/ }, WAIT));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['New', 'In progress']);
    await user.click(screen.getByRole('option', { name: 'In progress' }));
    await waitFor(() => expect(requests.some((r) => r.path === `Job/${JOB}/ChangeStatus`)).toBe(true));
    expect(requests.find((r) => r.path === `Job/${JOB}/ChangeStatus`)!.query.get('jobStatusId')).toBe('30');

    await choose(user, /Sub-status/, 'Waiting for parts');
    await waitFor(() => expect(requests.filter((r) => r.path === `Job/${JOB}/ChangeStatus`)).toHaveLength(2));
    const second = requests.filter((r) => r.path === `Job/${JOB}/ChangeStatus`)[1]!;
    expect([second.query.get('jobStatusId'), second.query.get('jobSubStatusId')]).toEqual(['30', '301']);
  });

  it('takes the customer’s signature from the status panel and stores it, then says so', async () => {
    fakeCanvas();
    try {
      const user = userEvent.setup();
      const base = server(jobRecord(JOB));
      const { requests } = renderApp(viewUrl, (req) =>
        req.path === `Job/${JOB}/Signature`
          ? json(200, {
              JobId: JOB,
              SignerName: 'Ola Kunde',
              SignedAt: '2026-11-24T10:00:00.000Z',
              CapturedBy: 'Tess',
            })
          : base(req),
      );
      await user.click(await screen.findByRole('button', { name: 'Customer signature' }, WAIT));
      const pad = await screen.findByRole('dialog', { name: "Customer's signature" }, WAIT);
      const area = within(pad).getByRole('img', { name: 'Signature area, empty' });
      fireEvent.pointerDown(area, { pointerId: 1, clientX: 10, clientY: 10 });
      fireEvent.pointerMove(area, { pointerId: 1, clientX: 80, clientY: 30 });
      fireEvent.pointerUp(area, { pointerId: 1 });
      await user.type(within(pad).getByRole('textbox', { name: /Signer's name/ }), 'Ola Kunde');
      await user.click(within(pad).getByRole('button', { name: 'Done' }));
      expect(
        await screen.findByText('The signature is saved; the service report carries it.', {}, WAIT),
      ).toBeTruthy();
      await waitFor(
        () => expect(screen.queryByRole('dialog', { name: "Customer's signature" })).toBeNull(),
        WAIT,
      );
      const sent = requests.filter((r) => r.path === `Job/${JOB}/Signature`);
      expect(sent.map((r) => [r.method, r.body])).toEqual([
        ['PUT', { SignerName: 'Ola Kunde', Png: 'iVBORw0KGgo=' }],
      ]);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('just after opening, the labels of the status and the customer sit above where their values come', async () => {
    // The status list and the customer's name still on their way: the job has both already.
    let release = () => {};
    const held = new Promise<void>((ok) => {
      release = ok;
    });
    const slow = server(jobRecord(JOB));
    renderApp(viewUrl, (req) =>
      req.path === 'JobStatus/GetAll' || req.path === 'customer/Filtered'
        ? held.then(() => slow(req)!)
        : slow(req),
    );
    await screen.findByRole('combobox', { name: /^Status/ }, WAIT);
    const shrunk = (text: RegExp) =>
      [...document.querySelectorAll('[data-shrink]')]
        .find((l) => text.test(l.textContent ?? ''))
        ?.getAttribute('data-shrink');
    expect(shrunk(/^Status/)).toBe('true');
    expect(shrunk(/^Customer\s\*/)).toBe('true');
    // A sub-status the job has not: its label stays in the field.
    expect(shrunk(/^Sub-status/)).toBe('false');
    release();
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: /^Status/ }).textContent).toBe('New'),
      WAIT,
    );
    const customer = screen.getByTestId('job-customer').querySelector('input')!;
    await waitFor(() => expect(customer.value).toBe('Berg AS'), WAIT);
    expect(shrunk(/^Status/)).toBe('true');
    expect(shrunk(/^Customer\s\*/)).toBe('true');
  });

  it('swaps the customer only after confirming that the machine jobs are removed', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(viewUrl, server(jobRecord(JOB)));
    const field = (await screen.findByRole(
      'combobox',
      { name: /^Customer( \*)?$/ },
      WAIT,
    )) as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('Berg AS'), WAIT);

    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /Havbruk AS/ }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: "Change the job's customer?" });
    expect(dialog.textContent).toMatch(/1 machine job is removed/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(field.value).toBe('Berg AS'));
    expect(requests.some((r) => r.path.includes('swapcustomer'))).toBe(false);

    await user.click(field);
    await user.click(await screen.findByRole('option', { name: /Havbruk AS/ }, WAIT));
    const again = await screen.findByRole('dialog', { name: "Change the job's customer?" });
    await user.click(within(again).getByRole('button', { name: 'Change customer' }));
    await waitFor(() => expect(requests.some((r) => r.path === `job/${JOB}/swapcustomer/8`)).toBe(true));
    expect(requests.find((r) => r.path.includes('swapcustomer'))!.query.get('confirm')).toBe('true');
    await waitFor(() => expect(field.value).toBe('Havbruk AS'));
  });

  it('lets the office revoke the customer’s status link after confirming', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(
      viewUrl,
      server(jobRecord(JOB), (req) =>
        req.method === 'DELETE' && req.path === `Job/${JOB}/StatusLink`
          ? json(200, { Revoked: 2 })
          : undefined,
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Revoke customer link' }, WAIT));
    const dialog = await screen.findByRole('dialog', { name: "Revoke the customer's status link?" });
    expect(dialog.textContent).toMatch(/stop working at once/);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText("The customer's status link has been revoked.", {}, WAIT)).toBeTruthy();
    expect(requests.filter((r) => r.path === `Job/${JOB}/StatusLink`).map((r) => r.method)).toEqual([
      'DELETE',
    ]);
  });

  it('does not offer a technician to revoke the customer’s status link', async () => {
    renderApp(viewUrl, server(jobRecord(JOB)), bundle(2));
    await screen.findByRole('combobox', { name: /^Customer( \*)?$/ }, WAIT);
    expect(screen.queryByRole('button', { name: 'Revoke customer link' })).toBeNull();
  });

  it('lets a technician edit the details but not swap the customer', async () => {
    renderApp(viewUrl, server(jobRecord(JOB)), bundle(2));
    const field = (await screen.findByRole(
      'combobox',
      { name: /^Customer( \*)?$/ },
      WAIT,
    )) as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(screen.getByRole('switch', { name: 'No invoice' })).toHaveProperty('disabled', false);
  });

  it('shows a customer user the job read-only', async () => {
    const { requests } = renderApp(viewUrl, server(jobRecord(JOB)), bundle(4));
    const field = (await screen.findByRole(
      'combobox',
      { name: /^Customer( \*)?$/ },
      WAIT,
    )) as HTMLInputElement;
    expect(field.readOnly).toBe(true);
    expect(screen.getByRole('switch', { name: 'No invoice' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('combobox', { name: /^Status/ }).getAttribute('aria-readonly')).toBe('true');
    // Departments are not theirs to read: neither asked for nor shown.
    expect(screen.queryByRole('combobox', { name: /^Department/ })).toBeNull();
    expect(requests.some((r) => r.path === 'Department/Filtered')).toBe(false);
  });

  it('disables the parts and invoice tabs with the “no order on job” hint for a parts job', async () => {
    renderApp(viewUrl, server(jobRecord(JOB, { JobTypeId: 3, OrderId: null })));
    await waitFor(
      () => expect(screen.getByTestId('tab-ViewJobParts').getAttribute('aria-disabled')).toBe('true'),
      WAIT,
    );
    expect(screen.getByTestId('tab-ViewJobInvoice').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('tab-ViewJobResources').getAttribute('aria-disabled')).not.toBe('true');
  });
});

describe('the job view’s KPI panel (issue 15)', () => {
  const kpi = {
    JobId: JOB,
    Created: '2026-11-02T09:00:00',
    FirstAppointment: '2026-11-02T13:00:00',
    ResponseHours: 4,
    Completed: null,
    CompletionHours: null,
    Visits: 1,
    Revisit: true,
    RevisitOfJobId: 77,
    FirstTimeFix: null,
    FirstTimeFixSet: false,
    ExcludeFromKpi: false,
    Reason: '',
  };
  const options = {
    JobId: JOB,
    FirstTimeFix: null,
    ExcludeFromKpi: false,
    Reason: '',
    Reasons: ['parts_missing', 'other'],
    RowVersion: 0,
  };
  const withKpi = (req: Req) => {
    if (req.path === `kpi/job/${JOB}`) return json(200, kpi);
    if (req.path === `KPI/Options/${JOB}`) return json(200, options);
    if (req.path === 'KPI/job') return json(200, { ...kpi, FirstTimeFix: false, FirstTimeFixSet: true });
    return undefined;
  };

  it('shows the job’s measures; the service manager sets first-time fix with the version read', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(viewUrl, server(jobRecord(JOB), withKpi));
    const panel = await screen.findByRole('region', { name: 'KPIs' }, { timeout: 15_000 });
    expect(panel.textContent).toContain('Response time4 h');
    expect(panel.textContent).toContain('Time to completionNot yet');
    expect(panel.textContent).toContain('Revisit of job 77');
    await user.click(await within(panel).findByRole('combobox', { name: 'First-time fix' }, WAIT));
    await user.click(await screen.findByRole('option', { name: 'No' }, WAIT));
    await waitFor(() => expect(requests.some((r) => r.path === 'KPI/job')).toBe(true));
    expect(requests.find((r) => r.path === 'KPI/job')?.body).toEqual({
      FirstTimeFix: false,
      RowVersion: 0,
      JobId: JOB,
    });
    expect(await within(panel).findByText('set by the service manager', {}, WAIT)).toBeTruthy();
  });

  it('shows a technician the measures without the settings', async () => {
    renderApp(viewUrl, server(jobRecord(JOB), withKpi), bundle(2));
    const panel = await screen.findByRole('region', { name: 'KPIs' }, { timeout: 15_000 });
    expect(within(panel).queryByRole('combobox', { name: 'First-time fix' })).toBeNull();
  });

  it('shows a customer user no KPIs', async () => {
    // The panel's chunk loaded first, so a panel rendered for this user would show with the job.
    await import('./components/job-view/KpiPanel.tsx');
    const { requests } = renderApp(viewUrl, server(jobRecord(JOB), withKpi), bundle(4));
    // The job is shown; a panel rendered with it would show once React has taken its chunk.
    await screen.findByTestId('priority-deadline', {}, WAIT);
    await act(async () => {});
    expect(screen.queryByRole('region', { name: 'KPIs' })).toBeNull();
    expect(requests.some((r) => r.path === `kpi/job/${JOB}`)).toBe(false);
  });
});
