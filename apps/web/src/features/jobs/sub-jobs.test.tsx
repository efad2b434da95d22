// @vitest-environment jsdom
import type { Job, MachineListItem, SubJob } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';
import { jobRecord } from './test-data.ts';

resetAppBetweenTests();

/** The page is a lazy chunk: its first render waits for it on a busy machine. */
const WAIT = { timeout: 15_000 };
/** The longer user paths: several dialogs and saves each. */
const LONG = 30_000;
const VIEW = '/job/list/status-10-0/view/1/general';

const named = (id: number, Name: string) => ({ Id: id, Name, IsActive: true, RowVersion: 1 });
const machineItem = (id: number): MachineListItem => ({
  Id: id,
  DisplayName: `Pump ${id}`,
  Name: `Pump ${id}`,
  SerialNumber: `SN-${id}`,
  Qrcode: null,
  IsActive: true,
  CustomerId: 7,
  CustomerName: 'Berg AS',
  MachineModel: null,
  AssetType: null,
});

type Line = { MachineId: number; CustomerComment: string };

/** A company with job 1 (customer 7, one sub-job 11 on machine 5) that keeps what is sent to it. */
function server(job: Job = jobRecord(1)) {
  let subs: SubJob[] = job.InverseParent.map((s) => ({ ...s }));
  let nextId = 20;
  const saved = (s: SubJob) => ({ ...s, RowVersion: s.RowVersion + 1 });
  const newSub = (line: Line): SubJob => ({
    ...job.InverseParent[0]!,
    ...line,
    Id: nextId++,
    MachineName: `Pump ${line.MachineId}`,
    OrderId: `10001L${nextId - 19}`,
    RowVersion: 1,
  });
  const handler = (req: Req): Response | undefined => {
    const p = req.path;
    if (p === 'job/1') return json(200, { ...job, InverseParent: subs });
    if (p === 'job/1/subjobs') return json(200, subs);
    if (p === 'WarrantyType/getall') return json(200, [named(1, 'Full warranty'), named(2, 'No warranty')]);
    if (p === 'RepairPlace/getall') return json(200, [named(1, 'Workshop')]);
    if (p === 'JobCategory') return json(200, [named(5, 'Maintenance')]);
    if (p === 'SupplierFailureCode/getall') return json(200, []);
    if (p === 'Machine/Filtered') return json(200, { Content: [5, 31, 32].map(machineItem), TotalCount: 3 });
    const m = /^machine\/(\d+)$/.exec(p);
    if (m) return json(200, { ...machineItem(Number(m[1])), MachineModelId: null, RowVersion: 1 });
    const change = /^MachineJob\/change\/(\d+)$/.exec(p);
    if (change && req.method === 'PATCH') {
      const id = Number(change[1]);
      subs = subs.map((s) => (s.Id === id ? saved({ ...s, ...(req.body as Partial<SubJob>) }) : s));
      return json(
        200,
        subs.find((s) => s.Id === id),
      );
    }
    const flag = /^MachineJob\/change\/(\d+)\/flag$/.exec(p);
    if (flag) {
      const id = Number(flag[1]);
      subs = subs.map((s) => (s.Id === id ? saved({ ...s, Flag: Number(req.query.get('value')) }) : s));
      return json(
        200,
        subs.find((s) => s.Id === id),
      );
    }
    const remove = /^MachineJob\/remove\/(\d+)$/.exec(p);
    if (remove && req.method === 'DELETE') {
      const gone = subs.find((s) => s.Id === Number(remove[1]))!;
      subs = subs.filter((s) => s !== gone);
      return json(200, { ...gone, JobStatusId: 110 });
    }
    const transfer = /^MachineJob\/Transfer\/(\d+)\/ToMachine\/(\d+)$/.exec(p);
    if (transfer) {
      const id = Number(transfer[1]);
      const to = Number(transfer[2]);
      subs = subs.map((s) => (s.Id === id ? saved({ ...s, MachineId: to, MachineName: `Pump ${to}` }) : s));
      return json(
        200,
        subs.find((s) => s.Id === id),
      );
    }
    if (p === 'MachineJob/add/parent/1' && req.method === 'PUT') {
      const s = newSub(req.body as Line);
      subs = [...subs, s];
      return json(200, s);
    }
    if (p === 'MachineJob/BulkAdd' && req.method === 'POST') {
      const added = (req.body as { Machines: Line[] }).Machines.map(newSub);
      subs = [...subs, ...added];
      return json(200, added);
    }
    return undefined;
  };
  return handler;
}

const sent = (requests: Req[], method: string, path: string | RegExp) =>
  requests.filter(
    (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
  );

describe('the job view’s sub-job editor', () => {
  it(
    'edits a sub-job’s comments and codes in place with its row version, and flags it',
    async () => {
      const user = userEvent.setup({ delay: null });
      const answer = server();
      // The server holds its answers to a change until the code is chosen, so it is chosen while the
      // comment is saving.
      let answerChanges: () => void = () => {};
      const held = new Promise<void>((r) => {
        answerChanges = r;
      });
      const { requests } = renderApp(VIEW, async (req) => {
        if (req.path === 'MachineJob/change/11') await held;
        return answer(req) ?? json(404, { Message: 'Not here.' });
      });
      const row = await screen.findByTestId('sub-job-11', {}, WAIT);
      expect(within(row).getByRole('heading', { name: '10001L1 · Pump NK 80' })).toBeTruthy();

      await fill(user, within(row).getByRole('textbox', { name: 'Technician comment' }), 'Seal replaced');
      await user.tab();
      // A code chosen at once saves after the comment, on the version the comment's save answered with.
      await user.click(within(row).getByRole('combobox', { name: 'Warranty type' }));
      await user.click(await screen.findByRole('option', { name: 'Full warranty' }, WAIT));
      // The code waits for the comment's answer.
      await waitFor(() => expect(sent(requests, 'PATCH', 'MachineJob/change/11')).toHaveLength(1), WAIT);
      answerChanges();
      await waitFor(() => expect(sent(requests, 'PATCH', 'MachineJob/change/11')).toHaveLength(2), WAIT);
      expect(sent(requests, 'PATCH', 'MachineJob/change/11')[0]!.body).toMatchObject({
        CustomerComment: 'Leaks oil',
        TechnicianComment: 'Seal replaced',
        RowVersion: 1,
      });
      expect(sent(requests, 'PATCH', 'MachineJob/change/11')[1]!.body).toMatchObject({
        WarrentyTypeId: 1,
        TechnicianComment: 'Seal replaced',
        RowVersion: 2,
      });

      // The flag: three named toggles, the current one pressed; keyboard changes it.
      const flags = within(row).getByRole('group', { name: 'Flag of 10001L1 · Pump NK 80' });
      expect(within(flags).getByRole('button', { name: 'OK' }).getAttribute('aria-pressed')).toBe('true');
      within(flags).getByRole('button', { name: 'Problem' }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(sent(requests, 'PATCH', 'MachineJob/change/11/flag')).toHaveLength(1), WAIT);
      expect(sent(requests, 'PATCH', 'MachineJob/change/11/flag')[0]!.query.get('value')).toBe('2');
      await waitFor(() =>
        expect(within(flags).getByRole('button', { name: 'Problem' }).getAttribute('aria-pressed')).toBe(
          'true',
        ),
      );
    },
    LONG,
  );

  it('shows the sync warning when someone else changed the comment meanwhile', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = server();
    let theirs = false;
    renderApp(VIEW, (req) => {
      if (req.path === 'MachineJob/change/11') {
        theirs = true;
        return json(409, { Message: 'Someone else changed this job after you opened it.' });
      }
      if (theirs && req.path === 'job/1/subjobs')
        return json(200, [
          { ...jobRecord(1).InverseParent[0]!, CustomerComment: 'Leaks a lot', RowVersion: 2 },
        ]);
      return answer(req);
    });
    const row = await screen.findByTestId('sub-job-11', {}, WAIT);
    await fill(user, within(row).getByRole('textbox', { name: 'Customer comment' }), 'Drips');
    await user.tab();
    expect(await within(row).findByTestId('sync-warning', {}, WAIT)).toBeTruthy();
    expect(within(row).getByTestId('sync-warning').textContent).toContain('Leaks a lot');
  });

  it(
    'adds machines as unsaved lines and saves one, then two at once',
    async () => {
      const user = userEvent.setup({ delay: null });
      const { requests } = renderApp(VIEW, server());
      await screen.findByTestId('sub-job-11', {}, WAIT);

      await user.click(screen.getByRole('button', { name: 'Add machines' }));
      await user.click(await screen.findByTestId('pick-machine-31', {}, WAIT));
      await user.click(screen.getByTestId('machine-picker-done'));
      const draft = await screen.findByRole('heading', { name: 'Pump 31' }, WAIT);
      const line = draft.closest('li')!;
      expect(within(line).getByText('Not saved')).toBeTruthy();
      // The customer comment is required: nothing is sent without it.
      await user.click(within(line).getByRole('button', { name: 'Save Pump 31' }));
      expect(await within(line).findByText('This field is required')).toBeTruthy();
      expect(sent(requests, 'PUT', /MachineJob\/add/)).toHaveLength(0);
      await fill(user, within(line).getByRole('textbox', { name: /Customer comment/ }), 'Motor hums');
      await user.click(within(line).getByRole('button', { name: 'Save Pump 31' }));
      expect(await screen.findByTestId('sub-job-20', {}, WAIT)).toBeTruthy();
      expect(sent(requests, 'PUT', 'MachineJob/add/parent/1')[0]!.body).toMatchObject({
        MachineId: 31,
        CustomerComment: 'Motor hums',
      });
      expect(screen.queryByText('Not saved')).toBeNull();

      await user.click(screen.getByRole('button', { name: 'Add machines' }));
      await user.click(await screen.findByTestId('pick-machine-5', {}, WAIT));
      await user.click(screen.getByTestId('pick-machine-32'));
      await user.click(screen.getByTestId('machine-picker-done'));
      const comments = await screen.findAllByRole('textbox', { name: /Customer comment/ }, WAIT);
      const fresh = comments.filter((c) => c.closest('[data-testid^="new-sub-job-"]'));
      expect(fresh).toHaveLength(2);
      await fill(user, fresh[0]!, 'Check pressure');
      await fill(user, fresh[1]!, 'Replace filter');
      await user.click(screen.getByRole('button', { name: 'Save 2 new machines' }));
      await waitFor(() => expect(screen.queryByText('Not saved')).toBeNull(), WAIT);
      expect(sent(requests, 'POST', 'MachineJob/BulkAdd')[0]!.body).toMatchObject({
        ParentId: 1,
        Machines: [
          { MachineId: 5, CustomerComment: 'Check pressure' },
          { MachineId: 32, CustomerComment: 'Replace filter' },
        ],
      });
      expect(screen.getByTestId('sub-job-21')).toBeTruthy();
      expect(screen.getByTestId('sub-job-22')).toBeTruthy();
    },
    LONG,
  );

  it(
    'moves a sub-job to another machine of the customer, and removes one after confirmation',
    async () => {
      const user = userEvent.setup({ delay: null });
      const two = jobRecord(1, {
        InverseParent: [
          jobRecord(1).InverseParent[0]!,
          {
            ...jobRecord(1).InverseParent[0]!,
            Id: 12,
            OrderId: '10001L2',
            MachineId: 31,
            MachineName: 'Pump 31',
          },
        ],
      });
      const { requests } = renderApp(VIEW, server(two));
      const row = await screen.findByTestId('sub-job-11', {}, WAIT);
      await user.click(
        within(row).getByRole('button', { name: 'Move 10001L1 · Pump NK 80 to another machine' }),
      );
      const dialog = await screen.findByRole('dialog', {}, WAIT);
      await user.click(within(dialog).getByRole('combobox', { name: /Machine/ }));
      await user.click(await screen.findByRole('option', { name: /Pump 32/ }, WAIT));
      await user.click(within(dialog).getByRole('button', { name: 'Move' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), WAIT);
      expect(sent(requests, 'PATCH', 'MachineJob/Transfer/11/ToMachine/32')).toHaveLength(1);
      expect(await within(row).findByRole('heading', { name: '10001L1 · Pump 32' }, WAIT)).toBeTruthy();

      const second = screen.getByTestId('sub-job-12');
      await user.click(within(second).getByRole('button', { name: 'Remove 10001L2 · Pump 31' }));
      const confirm = await screen.findByRole('dialog', {}, WAIT);
      expect(within(confirm).getByText('Remove the machine job?')).toBeTruthy();
      await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.queryByTestId('sub-job-12')).toBeNull(), WAIT);
      expect(sent(requests, 'DELETE', 'MachineJob/remove/12')).toHaveLength(1);
    },
    LONG,
  );

  it('keeps the job’s last machine when the server refuses its removal, and says why', async () => {
    const user = userEvent.setup({ delay: null });
    const answer = server();
    renderApp(VIEW, (req) =>
      req.method === 'DELETE' ? json(409, { Message: 'A job keeps at least one machine.' }) : answer(req),
    );
    const row = await screen.findByTestId('sub-job-11', {}, WAIT);
    await user.click(within(row).getByRole('button', { name: 'Remove 10001L1 · Pump NK 80' }));
    await user.click(
      within(await screen.findByRole('dialog', {}, WAIT)).getByRole('button', { name: 'Remove' }),
    );
    expect(await screen.findByText('A job keeps at least one machine.', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('sub-job-11')).toBeTruthy();
  });

  it('is read-only on an approved job, and for a customer user', async () => {
    const approved = jobRecord(1, { JobStatusId: 70, StatusName: 'Approved', IsDeletable: false });
    const { unmount } = renderApp('/job/list/status-70-0/view/1/general', server(approved));
    const row = await screen.findByTestId('sub-job-11', {}, WAIT);
    expect(
      (within(row).getByRole('textbox', { name: 'Customer comment' }) as HTMLInputElement).readOnly,
    ).toBe(true);
    expect(within(row).getByText('Flag: OK')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add machines' })).toBeNull();
    unmount();

    renderApp(VIEW, server(), bundle(4));
    const own = await screen.findByTestId('sub-job-11', {}, WAIT);
    expect(
      (within(own).getByRole('textbox', { name: 'Technician comment' }) as HTMLInputElement).readOnly,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Add machines' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Copy job' })).toBeNull();
  });
});

describe('Copy job in the job view', () => {
  it('opens New job on the copy of this job for those who may create jobs', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(VIEW, server(), bundle(2));
    await user.click(await screen.findByRole('link', { name: 'Copy job' }, WAIT));
    await waitFor(() => expect(where()).toMatch(/^\/job\/list\/status-10-0\/newjob\/start\/1/), WAIT);
  });

  it('is not offered to a subcontractor, who still edits the sub-jobs', async () => {
    renderApp(VIEW, server(), bundle(3));
    await screen.findByTestId('sub-job-11', {}, WAIT);
    expect(screen.getByRole('button', { name: 'Add machines' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Copy job' })).toBeNull();
  });
});
