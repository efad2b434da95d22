// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const features = bundle(1, { features: { ProjectsEnabled: true, LeadsEnabled: true } });
const project = {
  Id: 4,
  Name: 'Harbour cranes',
  Description: 'Quay 3',
  IsActive: true,
  JobCount: 2,
  RowVersion: 3,
};
const leadType = { Id: 2, Name: 'Trade fair', IsActive: true, LeadCount: 1, RowVersion: 1 };
const lead = {
  Id: 9,
  Name: 'Vestlandet Fisk AS',
  ContactName: 'Kari Nordmann',
  Email: 'kari@fisk.example',
  Phone: '+47 912 34 567',
  Street: 'Kaien 1',
  Zip: '5003',
  City: 'Bergen',
  Country: 'NO',
  Description: 'Two ice machines',
  LeadTypeId: 2,
  LeadTypeName: 'Trade fair',
  IsConverted: false,
  CustomerId: null,
  JobId: null,
  ConvertedAt: null,
  Created: '2026-11-20T08:00:00',
  RowVersion: 5,
};

describe('projects', () => {
  it('the new project form needs a name, shows the server’s refusal under it, and opens the saved project', async () => {
    const user = userEvent.setup({ delay: null });
    let tries = 0;
    const { requests } = renderApp(
      '/admin/projects',
      (req: Req) => {
        if (req.path === 'Project/Filtered') return json(200, { Content: [project], TotalCount: 1 });
        if (req.path === 'Project/' && req.method === 'PUT') {
          tries += 1;
          return tries === 1
            ? json(409, {
                Message: 'Harbour cranes is already in use on Harbour cranes.',
                Errors: [{ Field: 'Name', Message: 'Harbour cranes is already in use on Harbour cranes.' }],
              })
            : json(200, { ...project, Id: 12, Name: 'School ventilation' });
        }
        if (req.path === 'Project/12') return json(200, { ...project, Id: 12, Name: 'School ventilation' });
        return undefined;
      },
      features,
    );
    const row = await screen.findByTestId('project-row-4', {}, WAIT);
    expect(row.textContent).toContain('Harbour cranes');
    expect(row.textContent).toContain('2 jobs');
    await user.click(screen.getAllByRole('button', { name: 'New project' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New project' }, WAIT);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required', {}, WAIT)).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await fill(user, within(dialog).getByRole('textbox', { name: /Name/ }), 'Harbour cranes');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText(/already in use on/, {}, WAIT)).length).toBeGreaterThan(0);
    await fill(user, within(dialog).getByRole('textbox', { name: /Name/ }), 'School ventilation');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where()).toBe('/admin/projects/12/info'), WAIT);
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      Name: 'School ventilation',
      Description: '',
      IsActive: true,
    });
  });

  it('the project info saves the changed fields with the row version read', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/admin/projects/4/info',
      (req: Req) => {
        if (req.path === 'Project/4') return json(200, project);
        if (req.path === 'Project/' && req.method === 'PATCH')
          return json(200, { ...project, RowVersion: 4 });
        return undefined;
      },
      features,
    );
    const name = await screen.findByRole('textbox', { name: /Name/ }, WAIT);
    expect((name as HTMLInputElement).value).toBe('Harbour cranes');
    await fill(user, screen.getByRole('textbox', { name: 'Description' }), 'Quay 3 and 4');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        Id: 4,
        Name: 'Harbour cranes',
        Description: 'Quay 3 and 4',
        IsActive: true,
        RowVersion: 3,
      }),
    );
  });
});

describe('leads', () => {
  const server = (extra: (req: Req) => Response | undefined) => (req: Req) => {
    if (req.path === 'Lead/Filtered') return json(200, { Content: [lead], TotalCount: 1 });
    if (req.path === 'LeadType/list') return json(200, [leadType]);
    return extra(req);
  };

  it('the lead form checks the e-mail and phone before sending a new lead', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/admin/lead/list',
      server((req) =>
        req.path === 'Lead/' && req.method === 'POST' ? json(200, { ...lead, Id: 10 }) : undefined,
      ),
      features,
    );
    await screen.findByTestId('lead-row-9', {}, WAIT);
    await user.click(screen.getAllByRole('button', { name: 'New lead' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New lead' }, WAIT);
    await fill(user, within(dialog).getByRole('textbox', { name: /Company/ }), 'Nordkapp Is AS');
    await fill(user, within(dialog).getByRole('textbox', { name: 'E-mail' }), 'not-a-mail');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Phone' }), 'call me');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Invalid E-mail address', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByText('Phone number cant contain letters')).toBeTruthy();
    expect(requests.some((r) => r.path === 'Lead/' && r.method === 'POST')).toBe(false);

    await fill(user, within(dialog).getByRole('textbox', { name: 'E-mail' }), 'post@nordkapp.example');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Phone' }), '+47 400 00 000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.path === 'Lead/' && r.method === 'POST')?.body).toMatchObject({
        Name: 'Nordkapp Is AS',
        Email: 'post@nordkapp.example',
        Phone: '+47 400 00 000',
        LeadTypeId: null,
      }),
    );
  });

  it('converting a lead asks first, sends the row version and opens the new job', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/admin/lead/list',
      server((req) =>
        req.path === 'Lead/9/Convert'
          ? json(200, {
              Lead: { ...lead, IsConverted: true, CustomerId: 70, JobId: 300 },
              CustomerId: 70,
              JobId: 300,
            })
          : undefined,
      ),
      features,
    );
    await user.click(await screen.findByTestId('lead-row-9', {}, WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Vestlandet Fisk AS' }, WAIT);
    expect((within(dialog).getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Bergen');
    await user.click(within(dialog).getByRole('button', { name: 'Convert to customer and job' }));
    const confirm = await screen.findByRole('dialog', { name: 'Convert the lead?' }, WAIT);
    await user.click(within(confirm).getAllByRole('button').at(-1)!);
    await waitFor(() => expect(where()).toBe('/job/list/my/view/300/general'), WAIT);
    expect(requests.find((r) => r.path === 'Lead/9/Convert')?.body).toEqual({ RowVersion: 5 });
  });
});

describe('departments', () => {
  const department = { Id: 3, Name: 'Service Bergen', IsActive: true, UserCount: 4, RowVersion: 2 };
  const admin = bundle(1);

  it('the new department checks its fields, shows the server’s refusal under the id, and opens the saved one', async () => {
    const user = userEvent.setup({ delay: null });
    let tries = 0;
    const { requests } = renderApp(
      '/admin/departments',
      (req: Req) => {
        if (req.path === 'Department/Filtered') return json(200, { Content: [department], TotalCount: 1 });
        if (req.path === 'Department/' && req.method === 'POST') {
          tries += 1;
          return tries === 1
            ? json(409, {
                Message: '3 is already in use on Service Bergen.',
                Errors: [{ Field: 'Id', Message: '3 is already in use on Service Bergen.' }],
              })
            : json(200, { ...department, Id: 7, Name: 'Service Tromsø', UserCount: 0, RowVersion: 1 });
        }
        if (req.path === 'Department/7')
          return json(200, { ...department, Id: 7, Name: 'Service Tromsø', UserCount: 0, RowVersion: 1 });
        return undefined;
      },
      admin,
    );
    const row = await screen.findByTestId('department-row-3', {}, WAIT);
    expect(row.textContent).toContain('Service Bergen');
    expect(row.textContent).toContain('4 users');
    await user.click(screen.getAllByRole('button', { name: 'New department' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New department' }, WAIT);
    await fill(user, within(dialog).getByRole('textbox', { name: 'Department id' }), '3a');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This field is required', {}, WAIT)).toBeTruthy();
    expect(within(dialog).getByText('Must be a valid whole number.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await fill(user, within(dialog).getByRole('textbox', { name: /Name/ }), 'Service Tromsø');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Department id' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await within(dialog).findAllByText(/already in use on/, {}, WAIT)).length).toBeGreaterThan(0);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      Id: 3,
      Name: 'Service Tromsø',
      IsActive: true,
    });
    // Empty: the next free id.
    await fill(user, within(dialog).getByRole('textbox', { name: 'Department id' }), '');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(where()).toBe('/admin/departments/7/info'), WAIT);
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      Name: 'Service Tromsø',
      IsActive: true,
    });
  });

  it('the department info saves its name and active state with the row version; the id stays', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/admin/departments/3/info',
      (req: Req) => {
        if (req.path === 'Department/3') return json(200, department);
        if (req.path === 'Department/' && req.method === 'PATCH')
          return json(200, { ...department, IsActive: false, RowVersion: 3 });
        return undefined;
      },
      admin,
    );
    const id = await screen.findByRole('textbox', { name: 'Department id' }, WAIT);
    expect((id as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByRole('link', { name: '4 users' }).getAttribute('href')).toBe(
      '/admin/departments/3/users',
    );
    await user.click(screen.getByRole('switch', { name: 'Active' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        Id: 3,
        Name: 'Service Bergen',
        IsActive: false,
        RowVersion: 2,
      }),
    );
  });

  it('the department’s users are its staff accounts; a user opens beside the list', async () => {
    const user = userEvent.setup({ delay: null });
    const tina = {
      Id: 21,
      Name: 'Tina Tekniker',
      EmailAdress: 'tina@demo.test',
      UserLogonName: 'tina@demo.test',
      Phone: '',
      UserTypeId: 2,
      DepartmentId: 3,
      DepartmentName: 'Service Bergen',
      CustomerId: null,
      CustomerName: null,
      PartnerCompanyId: null,
      PartnerCompanyName: null,
      Uiculture: 'en',
      IsActive: true,
      IsBookable: true,
      IsContactPerson: false,
      CanExport: false,
      EntraTenantId: null,
      EntraObjectId: null,
      CreatedAt: '2026-01-01T08:00:00',
      RowVersion: 1,
    };
    const { requests } = renderApp(
      '/admin/departments/3/users',
      (req: Req) => {
        if (req.path === 'Department/3') return json(200, department);
        if (req.path === 'User/Filtered') return json(200, { Content: [tina], TotalCount: 1 });
        if (req.path === 'User/get/21') return json(200, tina);
        return undefined;
      },
      admin,
    );
    await user.click(await screen.findByRole('link', { name: /Tina Tekniker/ }, WAIT));
    await waitFor(() => expect(where()).toBe('/admin/departments/3/users/21'), WAIT);
    const list = requests.find((r) => r.path === 'User/Filtered')!;
    expect(list.query.get('DepartmentId')).toBe('3');
    expect(list.query.get('UserTypeIds')).toBe('1,2,3');
    expect(requests.some((r) => r.path === 'User/get/21')).toBe(true);
  });
});
