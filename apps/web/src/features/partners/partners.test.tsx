// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests } from '../../test/app-harness.tsx';
import { ALL_FEATURES, bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };
const admin = bundle(1, { features: ALL_FEATURES });
const company = (id: number, over: object = {}) => ({
  Id: id,
  Name: `Partner ${id} AS`,
  OrganisationNumber: '',
  Email: '',
  Phone: '',
  IsActive: true,
  CustomerCount: 2,
  UserCount: 1,
  RowVersion: 1,
  ...over,
});

/** A scripted PartnerCompany server over `initial`. */
function partnerServer(initial: ReturnType<typeof company>[]) {
  const companies = new Map(initial.map((c) => [c.Id, c]));
  const writes: Req[] = [];
  const handler = (req: Req) => {
    if (req.path === 'PartnerCompany/Filtered') {
      const word = req.query.get('SearchWord')?.toLowerCase() ?? '';
      const found = [...companies.values()].filter((c) => c.Name.toLowerCase().includes(word));
      return json(200, { Content: found, TotalCount: found.length });
    }
    const one = /^PartnerCompany\/(\d+)$/.exec(req.path);
    if (one && req.method === 'GET') {
      const c = companies.get(Number(one[1]));
      return c ? json(200, c) : json(404, { Message: 'Not found' });
    }
    if (req.path === 'PartnerCompany/' && req.method === 'PUT') {
      writes.push(req);
      const body = req.body as { Name: string };
      if (!body.Name.trim())
        return json(400, {
          Message: 'Invalid',
          Errors: [{ Field: 'Name', Message: 'This field is required' }],
        });
      const created = company(companies.size + 100, { ...body, CustomerCount: 0, UserCount: 0 });
      companies.set(created.Id, created);
      return json(200, created);
    }
    if (req.path === 'PartnerCompany/' && req.method === 'PATCH') {
      writes.push(req);
      const body = req.body as { Id: number };
      const changed = { ...companies.get(body.Id)!, ...body, RowVersion: 2 };
      companies.set(body.Id, changed);
      return json(200, changed);
    }
    if (req.path === 'User/Filtered') return json(200, { Content: [], TotalCount: 0 });
    return undefined;
  };
  return { handler, writes };
}

describe('Partner area', () => {
  it('lists the partner companies with their customers and users, and searches them', async () => {
    const server = partnerServer([company(1), company(2, { Name: 'Kyst Service AS', IsActive: false })]);
    renderApp('/partner/companies', server.handler, admin);
    const list = await screen.findByTestId('partner-company-list', {}, WAIT);
    await waitFor(() => expect(within(list).getByText('Partner 1 AS')).toBeTruthy(), WAIT);
    expect(within(list).getByText('2 customers · 1 user')).toBeTruthy();
    expect(within(list).getByText('2 customers · 1 user · Inactive')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Search partner companies'), 'kyst');
    await waitFor(() => {
      expect(within(list).queryByText('Partner 1 AS')).toBeNull();
      expect(within(list).getByText('Kyst Service AS')).toBeTruthy();
    }, WAIT);
  });

  it('creates a partner company: a missing name is refused before it is sent, then it opens the new one', async () => {
    const server = partnerServer([]);
    renderApp('/partner/companies/new', server.handler, admin);
    const create = await screen.findByRole('button', { name: 'Create' }, WAIT);
    await userEvent.click(create);
    expect(await screen.findByText('This field is required', {}, WAIT)).toBeTruthy();
    expect(server.writes).toEqual([]);
    const user = userEvent.setup();
    await fill(user, screen.getByRole('textbox', { name: 'Name' }), 'Nordlys Partner AS');
    await fill(user, screen.getByRole('textbox', { name: 'E-mail' }), 'post@nordlys.example');
    await userEvent.click(create);
    await waitFor(() => expect(server.writes).toHaveLength(1), WAIT);
    expect(server.writes[0]!.body).toMatchObject({
      Name: 'Nordlys Partner AS',
      Email: 'post@nordlys.example',
    });
    expect(await screen.findByRole('heading', { name: 'Nordlys Partner AS' }, WAIT)).toBeTruthy();
  });

  it('the info page saves the changed details with the row version', async () => {
    const server = partnerServer([company(4)]);
    renderApp('/partner/companies/4/info', server.handler, admin);
    const name = await screen.findByRole('textbox', { name: 'Name' }, WAIT);
    await fill(userEvent.setup(), name, 'Partner Fire AS');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.writes).toHaveLength(1), WAIT);
    expect(server.writes[0]!.body).toMatchObject({ Id: 4, Name: 'Partner Fire AS', RowVersion: 1 });
  });

  it('without the partner companies feature the Partner area is not in the menu', async () => {
    const server = partnerServer([company(1)]);
    renderApp(
      '/job/list/my',
      server.handler,
      bundle(1, { features: { ...ALL_FEATURES, PartnerCompaniesEnabled: false } }),
    );
    const drawer = await screen.findByTestId('nav-drawer', {}, WAIT);
    await waitFor(() => expect(within(drawer).getByTestId('menu-item-Job')).toBeTruthy(), WAIT);
    expect(within(drawer).queryByTestId('menu-item-Partner')).toBeNull();
  });
});
