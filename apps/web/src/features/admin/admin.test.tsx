// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };

/**
 * The default-settings page over a server holding the global group with `values` beside its usual
 * ones; answers what it saves, which is kept in the list returned.
 */
function defaultSettingsPage(values: Record<string, unknown>): unknown[] {
  const saved: unknown[] = [];
  renderApp('/admin/settings/default-settings', (req) => {
    if (req.method === 'GET' && req.path === 'settings/group')
      return json(200, {
        Group: 'global',
        Values: { TimeZone: 'Europe/Oslo', WorkHourStart: '08:00', WorkHourEnd: '16:00', ...values },
      });
    if (req.method === 'POST' && req.path === 'settings/group') {
      saved.push(req.body);
      return json(200, req.body);
    }
    return undefined;
  });
  return saved;
}

/** A server keeping warranty types in memory, with the real server's uniqueness refusal. */
function lookupServer() {
  let rows = [
    { Id: 1, Name: 'Warranty', IsActive: true },
    { Id: 2, Name: 'Goodwill', IsActive: false },
  ];
  let next = 3;
  const handler = (req: Req) => {
    const body = req.body as { Id?: number; Name?: string; IsActive?: boolean };
    if (req.method === 'GET' && req.path === 'WarrantyType/getall') return json(200, rows);
    if (req.method === 'PUT' && req.path === 'WarrantyType/add') {
      const taken = rows.find((r) => r.Name.toLowerCase() === body.Name!.toLowerCase());
      if (taken)
        return json(409, {
          Message: `${body.Name} is already in use on ${taken.Name}.`,
          Errors: [{ Field: 'Name', Message: `${body.Name} is already in use on ${taken.Name}.` }],
        });
      const row = { Id: next++, Name: body.Name!, IsActive: true };
      rows = [...rows, row];
      return json(200, row);
    }
    if (req.method === 'PATCH' && req.path === 'WarrantyType/change') {
      rows = rows.map((r) => (r.Id === body.Id ? { ...r, ...body } : r)) as typeof rows;
      return json(
        200,
        rows.find((r) => r.Id === body.Id),
      );
    }
    if (req.method === 'DELETE' && req.path.startsWith('WarrantyType/remove/')) {
      const id = Number(req.path.split('/').pop());
      rows = rows.filter((r) => r.Id !== id);
      return json(200, { Id: id });
    }
    return undefined;
  };
  return { handler, rows: () => rows };
}

describe('the Admin’s lists and settings', () => {
  it('adds, renames, switches off and deletes warranty types; a taken name shows the server’s words', async () => {
    const server = lookupServer();
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/warranty-types', server.handler);
    const goodwill = await screen.findByTestId('lookup-2', {}, WAIT);
    expect(
      (within(goodwill).getByRole('switch', { name: 'Goodwill is active' }) as HTMLInputElement).checked,
    ).toBe(false);

    await fill(user, screen.getByRole('textbox', { name: 'New name' }), 'Extended warranty');
    await user.click(screen.getByRole('button', { name: 'Add warranty type' }));
    expect(await screen.findByTestId('lookup-3', {}, WAIT)).toBeTruthy();
    expect(server.rows().map((r) => r.Name)).toContain('Extended warranty');

    await fill(user, screen.getByRole('textbox', { name: 'New name' }), 'warranty');
    await user.click(screen.getByRole('button', { name: 'Add warranty type' }));
    expect(await screen.findByText('warranty is already in use on Warranty.', {}, WAIT)).toBeTruthy();

    const first = within(screen.getByTestId('lookup-1'));
    await fill(user, first.getByRole('textbox', { name: 'Name' }), 'Factory warranty');
    await user.tab();
    await waitFor(() => expect(server.rows().find((r) => r.Id === 1)?.Name).toBe('Factory warranty'));

    await user.click(first.getByRole('switch', { name: /is active/ }));
    await waitFor(() => expect(server.rows().find((r) => r.Id === 1)?.IsActive).toBe(false));

    await user.click(within(screen.getByTestId('lookup-2')).getByRole('button', { name: 'Delete Goodwill' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByTestId('lookup-2')).toBeNull());
  });

  it('renames a job status and adds a sub-status to it', async () => {
    const calls: Req[] = [];
    const statuses = [
      {
        Id: 10,
        Name: 'New',
        Color: '#757575',
        Icon: 'FiberNew',
        SortOrder: 1,
        Count: 3,
        CountCapped: false,
        SubStatuses: [],
      },
    ];
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/job-statuses', (req) => {
      calls.push(req);
      if (req.path === 'JobStatus/GetAll') return json(200, statuses);
      if (req.method === 'PATCH' && req.path === 'JobStatus')
        return json(200, { ...statuses[0], ...(req.body as object) });
      if (req.method === 'POST' && req.path === 'JobSubStatus')
        return json(200, { Id: 9, ParentId: 10, Name: 'Waiting' });
      return undefined;
    });
    const card = within(await screen.findByTestId('status-10', {}, WAIT));
    expect(card.getByText('Id 10')).toBeTruthy();
    await fill(user, card.getByRole('textbox', { name: 'Name' }), 'Unplanned');
    await user.tab();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ Id: 10, Name: 'Unplanned' }),
    );
    await fill(user, card.getByRole('textbox', { name: 'New sub-status' }), 'Waiting');
    await user.click(card.getByRole('button', { name: 'Add sub-status' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ ParentId: 10, Name: 'Waiting' }),
    );
  });

  it('edits a status’s and a sub-status’s name in one language in the names dialog', async () => {
    const calls: Req[] = [];
    const statuses = [
      {
        Id: 10,
        Name: 'New',
        Names: { en: 'New', no: 'Ny' },
        Color: '#757575',
        Icon: 'NewReleases',
        SortOrder: 1,
        RowVersion: 1,
        Count: 0,
        CountCapped: false,
        SubStatuses: [
          {
            Id: 2,
            ParentId: 10,
            Name: 'Needs quotation',
            Names: { en: 'Needs quotation' },
            SetsOnMyWay: false,
            RowVersion: 1,
          },
        ],
      },
    ];
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/job-statuses', (req) => {
      calls.push(req);
      if (req.path === 'JobStatus/GetAll') return json(200, statuses);
      if (req.method === 'PATCH' && req.path === 'JobStatus') return json(200, statuses[0]);
      if (req.method === 'PATCH' && req.path === 'JobSubStatus')
        return json(200, statuses[0]!.SubStatuses[0]);
      return undefined;
    });
    const card = within(await screen.findByTestId('status-10', {}, WAIT));
    await user.click(card.getByRole('button', { name: 'Names of New in each language' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Names of New in each language' }));
    expect((dialog.getByRole('textbox', { name: 'Norsk' }) as HTMLInputElement).value).toBe('Ny');
    expect((dialog.getByRole('textbox', { name: 'Svenska' }) as HTMLInputElement).value).toBe('');
    await fill(user, dialog.getByRole('textbox', { name: 'Norsk' }), 'Ny sak');
    await user.tab();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === 'JobStatus')?.body).toEqual({
        Id: 10,
        RowVersion: 1,
        Names: { no: 'Ny sak' },
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(card.getByRole('button', { name: 'Names of Needs quotation in each language' }));
    const sub = within(
      await screen.findByRole('dialog', { name: 'Names of Needs quotation in each language' }),
    );
    await fill(user, sub.getByRole('textbox', { name: 'Svenska' }), 'Behöver offert');
    await user.tab();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === 'JobSubStatus')?.body).toEqual({
        Id: 2,
        RowVersion: 1,
        Names: { sv: 'Behöver offert' },
      }),
    );
    // The sub-status can be made the one that sets the technician's visit On my way (decision 085).
    await user.click(
      sub.getByRole('switch', { name: /Setting a job to it sets the technician's visit On my way/ }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PATCH' && c.path === 'JobSubStatus').at(-1)?.body).toEqual({
        Id: 2,
        RowVersion: 1,
        SetsOnMyWay: true,
      }),
    );
  });

  it('renames a job type in the Admin’s language and in the names dialog, and changes a priority’s hours', async () => {
    const calls: Req[] = [];
    const types = [
      { Id: 2, Name: 'Repair', RowVersion: 1, Names: { en: 'Repair', no: 'Reparasjon' } },
      { Id: 3, Name: 'Parts', RowVersion: 4, Names: { en: 'Parts' } },
    ];
    const priorities = [{ Id: 3, Name: 'Normal', DueAfterHours: 72, RowVersion: 2, Names: { en: 'Normal' } }];
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/job-statuses', (req) => {
      calls.push(req);
      if (req.path === 'JobStatus/GetAll') return json(200, []);
      if (req.method === 'GET' && req.path === 'jobtype') return json(200, types);
      if (req.method === 'GET' && req.path === 'jobpriority') return json(200, priorities);
      if (req.method === 'PATCH' && req.path === 'jobtype') return json(200, types[0]);
      if (req.method === 'PATCH' && req.path === 'jobpriority') return json(200, priorities[0]);
      return undefined;
    });
    const patches = (path: string) => calls.filter((c) => c.method === 'PATCH' && c.path === path);
    const typesSection = within(await screen.findByRole('region', { name: 'Job types' }, WAIT));
    const repair = within(await typesSection.findByTestId('job-type-2', {}, WAIT));
    await fill(user, repair.getByRole('textbox', { name: 'Name' }), 'Repair on site');
    await user.tab();
    await waitFor(() =>
      expect(patches('jobtype')[0]?.body).toEqual({ Id: 2, RowVersion: 1, Name: 'Repair on site' }),
    );

    await user.click(repair.getByRole('button', { name: 'Names of Repair in each language' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Names of Repair in each language' }));
    expect((dialog.getByRole('textbox', { name: 'Norsk' }) as HTMLInputElement).value).toBe('Reparasjon');
    await fill(user, dialog.getByRole('textbox', { name: 'Svenska' }), 'Reparation');
    await user.tab();
    await waitFor(() =>
      expect(patches('jobtype')[1]?.body).toEqual({ Id: 2, RowVersion: 1, Names: { sv: 'Reparation' } }),
    );
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const normal = within(screen.getByTestId('priority-3'));
    const hours = normal.getByRole('textbox', { name: 'Hours until due' });
    expect((hours as HTMLInputElement).value).toBe('72');
    await fill(user, hours, '9000');
    await user.tab();
    expect(await normal.findByText('Must be a whole number of hours from 1 to 8760.', {}, WAIT)).toBeTruthy();
    expect(patches('jobpriority')).toEqual([]);
    await fill(user, hours, '48');
    await user.tab();
    await waitFor(() =>
      expect(patches('jobpriority')[0]?.body).toEqual({ Id: 3, RowVersion: 2, DueAfterHours: 48 }),
    );
  });

  it('gives a job type the skills its jobs need, offering the skills other types need', async () => {
    const calls: Req[] = [];
    const types = [
      { Id: 2, Name: 'Repair', RowVersion: 1, Names: { en: 'Repair' }, Skills: ['gas'] },
      { Id: 5, Name: 'Lift check', RowVersion: 3, Names: { en: 'Lift check' }, Skills: ['Lift'] },
    ];
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/job-statuses', (req) => {
      calls.push(req);
      if (req.path === 'JobStatus/GetAll') return json(200, []);
      if (req.method === 'GET' && req.path === 'jobtype') return json(200, types);
      if (req.method === 'GET' && req.path === 'jobpriority') return json(200, []);
      if (req.method === 'PATCH' && req.path === 'jobtype')
        return json(200, { ...types[0], ...(req.body as object), RowVersion: 2 });
      return undefined;
    });
    const typesSection = within(
      await screen.findByRole('region', { name: 'Job types' }, { timeout: 15_000 }),
    );
    const repair = within(await typesSection.findByTestId('job-type-2', {}, WAIT));
    expect(repair.getByText('gas')).toBeTruthy();
    const skills = repair.getByRole('combobox', { name: 'Skills a job of this type needs' });
    await user.click(skills);
    // The other type's skill is offered.
    await user.click(await screen.findByRole('option', { name: 'Lift' }, WAIT));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === 'jobtype')?.body).toEqual({
        Id: 2,
        RowVersion: 1,
        Skills: ['gas', 'Lift'],
      }),
    );
  });

  it('saves company settings field by field and shows a refused value under its field', async () => {
    const saved: unknown[] = [];
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings/companysettings', (req) => {
      if (req.method === 'GET' && req.path === 'settings/group')
        return json(200, {
          Group: 'serviceprovider',
          Values: {
            CompanyName: 'Fjord Service AS',
            AddressStreet: '',
            AddressZipAndCity: '',
            Telephone: '',
            Email: '',
          },
        });
      if (req.method === 'POST' && req.path === 'settings/group') {
        saved.push(req.body);
        const values = (req.body as { Values: Record<string, string> }).Values;
        if (values.Email === 'post@nowhere')
          return json(400, {
            Message: 'Some fields are not valid. Values.Email: Invalid E-mail address',
            Errors: [{ Field: 'Values.Email', Message: 'Invalid E-mail address' }],
          });
        return json(200, { Group: 'serviceprovider', Values: values });
      }
      return undefined;
    });
    const name = await screen.findByRole('textbox', { name: 'Company name' }, WAIT);
    expect((name as HTMLInputElement).value).toBe('Fjord Service AS');
    await fill(user, screen.getByRole('textbox', { name: 'Telephone' }), '+47 22 00 00 00');
    await user.tab();
    await waitFor(() =>
      expect(saved).toContainEqual({ Group: 'serviceprovider', Values: { Telephone: '+47 22 00 00 00' } }),
    );

    await fill(user, screen.getByRole('textbox', { name: 'Telephone' }), 'call us');
    await user.tab();
    expect(await screen.findByText('Phone number cant contain letters')).toBeTruthy();
    expect(saved).toHaveLength(1);
  });

  it.each([
    {
      what: 'how long customer status links open after the visit',
      label: 'Customer status links open for (hours)',
      name: 'StatusLinkHours',
      stored: 72,
      good: 48,
      bad: ['0', '1441', '2.5'],
      rule: 'Must be a whole number of hours from 1 to 1440.',
    },
    {
      what: 'the shortest password',
      label: 'Shortest password',
      name: 'PasswordMinLength',
      stored: 6,
      good: 12,
      bad: ['5', '65', '8.5'],
      rule: 'Must be a whole number from 6 to 64.',
    },
    {
      what: 'the length of a work day the planner’s load is measured against',
      label: 'Length of a work day (hours)',
      name: 'WorkDayHours',
      stored: 8,
      good: 7.5,
      bad: ['0', '25', '7.1', 'eight'],
      rule: 'Must be a number of hours from 1 to 24 in quarter hours, such as 7.5.',
    },
  ])(
    'saves $what as a number, and refuses $bad before saving',
    async ({ label, name, stored, good, bad, rule }) => {
      const user = userEvent.setup({ delay: null });
      const saved = defaultSettingsPage({ [name]: stored });
      const field = await screen.findByRole('textbox', { name: label }, WAIT);
      expect((field as HTMLInputElement).value).toBe(String(stored));
      await fill(user, field, String(good));
      await user.tab();
      await waitFor(() => expect(saved).toContainEqual({ Group: 'global', Values: { [name]: good } }));
      for (const value of bad) {
        await fill(user, field, value);
        await user.tab();
        expect(await screen.findByText(rule)).toBeTruthy();
      }
      expect(saved).toHaveLength(1);
    },
  );

  it('lists the mail log with each mail’s body, for the Admin only', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/logs/mail', (req) =>
      req.path === 'Log/MailLogs/Filtered'
        ? json(200, {
            Content: [
              {
                Id: 7,
                To: 'kari@example.test',
                Subject: 'Your Fieldport password reset code',
                Body: 'Your code is 123456.',
                Status: 'Recorded',
                Created: '2026-11-20T10:15:00',
              },
            ],
            TotalCount: 1,
          })
        : undefined,
    );
    const mail = await screen.findByTestId('mail-7', {}, WAIT);
    expect(mail.textContent).toContain('kari@example.test');
    expect(mail.textContent).toContain('Recorded');
    const summary = within(mail).getByRole('button', { name: /Your Fieldport password reset code/ });
    expect(summary.getAttribute('aria-expanded')).toBe('false');
    await user.click(summary);
    expect(summary.getAttribute('aria-expanded')).toBe('true');
    expect(within(mail).getByText('Your code is 123456.')).toBeTruthy();
  });

  it('shows a Technician the no-access page for the Admin’s lists', async () => {
    renderApp('/admin/repair-codes', () => undefined, bundle(2));
    expect(await screen.findByText(/You do not have access to the/, {}, WAIT)).toBeTruthy();
  });
});
