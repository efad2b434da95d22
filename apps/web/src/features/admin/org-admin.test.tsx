// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };

describe('asset types (AssetTypesEnabled on the page)', () => {
  it('switched off it says so and reads no list; the switch turns it on, and a new type is added', async () => {
    const user = userEvent.setup({ delay: null });
    const info = bundle(1, { features: { AssetTypesEnabled: false } });
    let rows = [{ Id: 1, Name: 'Owned', IsActive: true, RowVersion: 1 }];
    const { requests } = renderApp(
      '/admin/asset-types',
      (req: Req) => {
        if (req.path === 'AssetType/ToggleFeature') {
          const on = !info.GlobalSettings.Features.AssetTypesEnabled;
          info.GlobalSettings.Features.AssetTypesEnabled = on;
          return json(200, { Enabled: on });
        }
        if (req.path === 'AssetType/list') return json(200, rows);
        if (req.path === 'AssetType/' && req.method === 'PUT') {
          const row = { Id: 2, Name: (req.body as { Name: string }).Name, IsActive: true, RowVersion: 1 };
          rows = [...rows, row];
          return json(200, row);
        }
        return undefined;
      },
      info,
    );
    expect(await screen.findByText(/Asset types are switched off/, {}, WAIT)).toBeTruthy();
    expect(requests.some((r) => r.path === 'AssetType/list')).toBe(false);

    await user.click(screen.getByRole('switch', { name: 'Use asset types' }));
    expect(await screen.findByTestId('asset-type-1', {}, WAIT)).toBeTruthy();
    expect(requests.filter((r) => r.path === 'AssetType/ToggleFeature')).toHaveLength(1);
    expect((screen.getByRole('switch', { name: 'Use asset types' }) as HTMLInputElement).checked).toBe(true);

    // A name is needed before anything is sent.
    await user.click(screen.getByRole('button', { name: 'Add asset type' }));
    expect(await screen.findByText('This field is required', {}, WAIT)).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await fill(user, screen.getByRole('textbox', { name: 'New asset type' }), 'Leased');
    await user.click(screen.getByRole('button', { name: 'Add asset type' }));
    expect(await screen.findByTestId('asset-type-2', {}, WAIT)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ Name: 'Leased' });
  });
});

describe('a supplier’s failure codes', () => {
  it('lists the supplier’s codes, inactive ones too, and adds one with the supplier’s id', async () => {
    const user = userEvent.setup({ delay: null });
    const code = (Id: number, Code: string, IsActive = true) => ({
      Id,
      SupplierId: 4,
      SupplierName: 'Grundfos',
      Code,
      Description: `${Code} description`,
      IsActive,
      RowVersion: 1,
    });
    let rows = [code(1, 'E10'), code(2, 'E20', false)];
    const { requests } = renderApp(
      '/pim/suppliers/4/failure-codes',
      (req: Req) => {
        if (req.path === 'Supplier/4')
          return json(200, { Id: 4, Name: 'Grundfos', Email: '', Phone: '', IsActive: true, ModelCount: 0 });
        if (req.path === 'SupplierFailureCode/supplier/4') return json(200, rows);
        if (req.path === 'SupplierFailureCode/add' && req.method === 'PUT') {
          const body = req.body as { Code: string };
          if (rows.some((r) => r.Code === body.Code))
            return json(409, {
              Message: `${body.Code} is already in use on ${body.Code}.`,
              Errors: [{ Field: 'Code', Message: `${body.Code} is already in use on ${body.Code}.` }],
            });
          rows = [...rows, code(3, body.Code)];
          return json(200, rows.at(-1));
        }
        return undefined;
      },
      bundle(1),
    );
    await screen.findByTestId('failure-code-1', {}, WAIT);
    const list = screen.getByTestId('failure-code-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByTestId('failure-code-2')).getByRole('switch')).toHaveProperty('checked', false);
    expect(
      requests.find((r) => r.path === 'SupplierFailureCode/supplier/4')?.query.get('IncludeInactive'),
    ).toBe('true');

    const codeField = screen.getAllByRole('textbox', { name: 'Code' })[0]!;
    await fill(user, codeField, 'E10');
    await user.click(screen.getByRole('button', { name: 'Add failure code' }));
    expect((await screen.findAllByText('E10 is already in use on E10.', {}, WAIT)).length).toBeGreaterThan(0);
    await fill(user, codeField, 'E42');
    await fill(user, screen.getAllByRole('textbox', { name: 'Description' })[0]!, 'Pump leaks');
    await user.click(screen.getByRole('button', { name: 'Add failure code' }));
    expect(await screen.findByTestId('failure-code-3', {}, WAIT)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      SupplierId: 4,
      Code: 'E42',
      Description: 'Pump leaks',
    });
  });
});

describe('the lead e-mail', () => {
  const values = {
    NewLeadEmailEnabled: false,
    NewLeadEmailTo: '',
    NewLeadEmailSubject: 'New lead: {LeadName}',
    NewLeadEmailBody: 'From {LeadCreatedBy}',
  };

  it('needs an address when on and knows only the lead’s placeholders; the preview fills them in', async () => {
    const user = userEvent.setup({ delay: null });
    const { requests } = renderApp(
      '/admin/lead/email',
      (req: Req) => {
        if (req.path === 'settings/group' && req.method === 'GET')
          return json(200, { Group: 'email', Values: values });
        if (req.path === 'settings/group' && req.method === 'POST')
          return json(200, {
            Group: 'email',
            Values: { ...values, ...(req.body as { Values: object }).Values },
          });
        return undefined;
      },
      bundle(1, { features: { LeadsEnabled: true } }),
    );
    expect((await screen.findByTestId('lead-preview-subject', {}, WAIT)).textContent).toBe(
      'New lead: Vestlandet Fisk AS',
    );
    await user.click(screen.getByRole('switch', { name: 'Send a mail when a lead is registered' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An address is needed while the mail is on.', {}, WAIT)).toBeTruthy();

    await fill(user, screen.getByRole('textbox', { name: 'Subject' }), 'Lead {LeadName} for job {JobId}');
    expect(await screen.findByText('Unknown placeholder: {JobId}', {}, WAIT)).toBeTruthy();
    await fill(user, screen.getByRole('textbox', { name: 'Subject' }), 'Lead {LeadName} in {LeadAddress}');
    await fill(user, screen.getByTestId('lead-email-to'), 'sales@');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid E-mail address', {}, WAIT)).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await fill(user, screen.getByTestId('lead-email-to'), 'sales@demo.test');
    expect(screen.getByTestId('lead-preview-subject').textContent).toBe(
      'Lead Vestlandet Fisk AS in Kaien 1, 5003 Bergen',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The lead e-mail is saved.', {}, WAIT)).toBeTruthy();
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
        Group: 'email',
        Values: {
          NewLeadEmailEnabled: true,
          NewLeadEmailTo: 'sales@demo.test',
          NewLeadEmailSubject: 'Lead {LeadName} in {LeadAddress}',
          NewLeadEmailBody: 'From {LeadCreatedBy}',
        },
      }),
    );
  });
});
