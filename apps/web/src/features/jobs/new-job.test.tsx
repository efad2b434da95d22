// @vitest-environment jsdom
import type { Job, Machine, MachineListItem } from '@fieldport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fill, json, type Req, renderApp, resetAppBetweenTests, where } from '../../test/app-harness.tsx';
import { bundle } from '../../test/user-info.ts';

resetAppBetweenTests();

const WAIT = { timeout: 15_000 };

const CUSTOMER = 7;
const customer = {
  Id: CUSTOMER,
  CustomerNumber: '1007',
  Name: 'Fjord Fisk AS',
  OrganisationNumber: '',
  FreeFromVat: true,
  IsActive: true,
  IsPublic: false,
  CreditLimit: null,
  CreditLimitExceeded: false,
  ParentCustomerId: null,
  ParentCustomer: null,
  CustomerGroupId: null,
  CustomerGroup: null,
  PartnerCompanyId: null,
  PartnerCompany: null,
  DefaultDeliveryAddressId: 71,
  DefaultDeliveryAddress: null,
  DefaultCustomerPersonId: 81,
  DefaultCustomerPerson: null,
  RowVersion: 1,
};
const address = (id: number, street: string) => ({
  Id: id,
  CustomerId: CUSTOMER,
  Name: street,
  DisplayName: `${street}, Oslo`,
  Street: street,
  Zip: '0150',
  City: 'Oslo',
  County: '',
  Country: 'NO',
  Latitude: null,
  Longitude: null,
  IsDelivery: true,
  IsInvoice: false,
  IsDefault: id === 71,
  IsReadOnly: false,
  RowVersion: 1,
});
const contact = (id: number, name: string) => ({
  Id: id,
  CustomerId: CUSTOMER,
  Name: name,
  Email: `${name.toLowerCase().replace(' ', '.')}@fjord.test`,
  Mobile: '+47 900 00 000',
  FixedPhone: '',
  SmsAllowed: false,
  EmailAllowed: false,
  IsActive: true,
  IsDefault: id === 81,
  RowVersion: 1,
});
const listItem = (id: number): MachineListItem => ({
  Id: id,
  DisplayName: `Pump ${id}`,
  Name: `Pump ${id}`,
  SerialNumber: `SN-${id}`,
  Qrcode: null,
  IsActive: true,
  CustomerId: CUSTOMER,
  CustomerName: customer.Name,
  MachineModel: { Id: 3, Name: 'Hydro 200', MachineType: { Id: 4, Name: 'Pump' } },
  AssetType: null,
});
const machine = (id: number): Machine => ({
  ...listItem(id),
  MachineModelId: 3,
  AssetTypeId: null,
  Supplier: null,
  DeliveryAddressId: null,
  DeliveryAddress: null,
  InstallDate: null,
  PartnerCompanyId: null,
  LabelReportsExcluded: false,
  RowVersion: 1,
});
const named = (id: number, Name: string) => ({ Id: id, Name, IsActive: true, RowVersion: 1 });

const created = (body: { Machines: { MachineId: number; CustomerComment: string }[] }): Job => ({
  Id: 900,
  ParentId: null,
  DisplayName: 'Pump 31',
  OrderId: '20001',
  OrderIdMalformed: false,
  JobStatusId: 10,
  StatusName: 'New',
  StatusColor: '#757575',
  StatusIcon: 'FiberNew',
  JobSubStatusId: null,
  SubStatusName: null,
  JobTypeId: 1,
  JobTypeName: 'Service',
  JobPriorityId: 1,
  PriorityName: 'Urgent',
  DueAfterHours: 8,
  EstimatedTime: 1.5,
  NoInvoice: false,
  CreatedDate: '2026-11-24T08:00:00',
  CreatedBy: 'Tess Tester',
  daysAgo: 0,
  hoursAgo: 0,
  CustomerId: CUSTOMER,
  CustomerName: customer.Name,
  ContactPersonId: 82,
  CustomerPersonId: 82,
  ContactPerson: null,
  CustomerDeliveryAddress: 72,
  DeliveryAddress: null,
  OrderDepartmentId: null,
  FirstLineComment: '',
  InvoiceReference: '',
  InvoiceCustomerId: null,
  InvoiceContactId: null,
  Flag: 0,
  InverseParent: body.Machines.map((m, i) => ({
    Id: 901 + i,
    ParentId: 900,
    OrderId: `20001L${i + 1}`,
    OrderIdMalformed: false,
    MachineId: m.MachineId,
    Machine: null,
    MachineName: `Pump ${m.MachineId}`,
    CustomerComment: m.CustomerComment,
    TechnicianComment: '',
    InvoiceComment: '',
    SupplierFailureCodeId: null,
    WarrentyTypeId: null,
    RepairPlaceId: null,
    JobCategoryId: null,
    JobStatusId: 10,
    JobTypeId: 1,
    NoInvoice: false,
    Flag: 0,
    New: false,
    RowVersion: 1,
  })),
  Machines: [],
  Appointments: [],
  IsCompleteable: true,
  IsApproveable: false,
  IsDeletable: true,
  RowVersion: 1,
});

const article = (Id: number, ArticleNumber: string, Name: string) => ({
  Id,
  ArticleNumber,
  Name,
  Description: '',
  Unit: 'pcs',
  CostPrice: 50,
  SalesPrice: 100,
  VatPercent: 25,
  IsTimeArticle: false,
  IsStockItem: true,
  SupplierId: null,
  Supplier: null,
  SupplierArticleNumber: '',
  Ean: '',
  ImagePath: null,
});
const articles = [article(1, 'F-100', 'Oil filter'), article(2, 'F-200', 'Air filter')];

/** The server of a company with one customer, its addresses, contacts and machines, and the lookups. */
function server(onCreate?: (req: Req) => Response | undefined) {
  let job: Job | null = null;
  return (req: Req): Response | undefined => {
    const p = req.path;
    if (p === 'customer/' && req.query.get('id') === String(CUSTOMER)) return json(200, customer);
    if (p === 'customer/Filtered')
      return json(200, {
        Content: [
          {
            Id: CUSTOMER,
            CustomerNumber: '1007',
            Name: customer.Name,
            IsActive: true,
            DefaultDeliveryAddress: null,
          },
        ],
        TotalCount: 1,
      });
    if (p === `customer/${CUSTOMER}/address`)
      return json(200, [address(71, 'Storgata 1'), address(72, 'Havnegata 5')]);
    if (p === `CustomerPerson/Customer/${CUSTOMER}/AllContacts`)
      return json(200, [contact(81, 'Kari Berg'), contact(82, 'Ola Dahl')]);
    if (p === 'Machine/Filtered') return json(200, { Content: [31, 32, 33].map(listItem), TotalCount: 3 });
    const m = /^machine\/(\d+)$/.exec(p);
    if (m) return json(200, machine(Number(m[1])));
    if (p === 'jobtype')
      return json(200, [
        { Id: 1, Name: 'Service' },
        { Id: 3, Name: 'Parts' },
      ]);
    if (p === 'jobpriority')
      return json(200, [
        { Id: 1, Name: 'Urgent', DueAfterHours: 8 },
        { Id: 2, Name: 'Normal', DueAfterHours: 72 },
      ]);
    if (p === 'Department/Filtered')
      return json(200, {
        Content: [{ Id: 1, Name: 'Oslo', IsActive: true, UserCount: 4, RowVersion: 1 }],
        TotalCount: 1,
      });
    if (p === 'WarrantyType/getall') return json(200, [named(1, 'Full warranty'), named(2, 'None')]);
    if (p === 'RepairPlace/getall') return json(200, [named(1, 'Workshop'), named(2, 'On site')]);
    if (p === 'JobCategory') return json(200, [named(5, 'Maintenance'), named(6, 'Breakdown')]);
    if (p === 'SupplierFailureCode/getall') return json(200, []);
    if (p === 'job/create' && req.method === 'POST') {
      const refused = onCreate?.(req);
      if (refused) return refused;
      job = created(req.body as Parameters<typeof created>[0]);
      return json(200, job);
    }
    if (p === 'job/900' && job) return json(200, job);
    if (p === 'article/search') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      return json(
        200,
        articles.filter((a) => `${a.ArticleNumber} ${a.Name}`.toLowerCase().includes(q)),
      );
    }
    if (/^orderdetail\/add\/job\/\d+$/.test(p) && req.method === 'PUT') return json(200, {});
    return undefined;
  };
}

const startUrl = (query: string) => `/job/list/my/newjob/start?${query}`;

/** Picks `option` in the labelled select. */
async function choose(
  user: ReturnType<typeof userEvent.setup>,
  label: RegExp,
  option: string | RegExp,
  inside: HTMLElement = document.body,
) {
  await user.click(within(inside).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('New job (001 §2.8, 000 §5)', () => {
  it('creates a job with two machines for the customer given, then opens its view', async () => {
    const user = userEvent.setup();
    const { requests, server: fetch } = renderApp(startUrl(`customerId=${CUSTOMER}`), server());

    // The customer is chosen, with its default delivery address and contact.
    const customerField = (await screen.findByRole(
      'combobox',
      { name: /^Customer( \*)?$/ },
      WAIT,
    )) as HTMLInputElement;
    await waitFor(() => expect(customerField.value).toBe('Fjord Fisk AS'), WAIT);
    const addressField = screen.getByRole('combobox', { name: /Delivery address/ });
    await waitFor(() => expect(addressField.textContent).toBe('Storgata 1, Oslo'), WAIT);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Customer contact/ }).textContent).toMatch(/Kari Berg/),
    );

    // Both can be changed.
    await choose(user, /Delivery address/, 'Havnegata 5, Oslo');
    await choose(user, /Customer contact/, /Ola Dahl/);

    // No machine yet: the rule says so.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('A job needs at least one machine.')).toBeTruthy();

    // The machine picker lists the customer's machines; two are ticked.
    await user.click(screen.getByRole('button', { name: 'Add machines' }));
    const picker = await screen.findByRole('dialog', { name: 'Choose machines' });
    await user.click(await within(picker).findByRole('checkbox', { name: /Pump 31/ }));
    await user.click(within(picker).getByRole('checkbox', { name: /Pump 33/ }));
    await user.click(within(picker).getByRole('button', { name: 'Choose 2 machines' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe(
      `/job/list/my/newjob/start?customerId=${CUSTOMER}&addressId=72&contactId=82&machineId=31%2C33`,
    );
    expect(screen.queryByText('A job needs at least one machine.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Job details' }, WAIT);
    expect(where()).toBe(
      `/job/list/my/newjob/overview?customerId=${CUSTOMER}&addressId=72&contactId=82&machineId=31%2C33`,
    );
    expect((await screen.findByTestId('summary-customer', {}, WAIT)).textContent).toBe('Fjord Fisk AS');
    await waitFor(() => expect(screen.getByTestId('summary-address').textContent).toBe('Havnegata 5, Oslo'));
    await waitFor(() => expect(screen.getByTestId('summary-contact').textContent).toBe('Ola Dahl'));

    // Create with nothing filled in: every rule shows, nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    const lines = [screen.getByTestId('machine-line-31'), screen.getByTestId('machine-line-33')];
    for (const line of lines) expect(await within(line).findByText('This field is required')).toBeTruthy();
    const details = screen.getByRole('heading', { name: 'Job details' }).closest('section') as HTMLElement;
    expect(within(details).getAllByText('This field is required')).toHaveLength(3);
    expect(requests.some((r) => r.path === 'job/create')).toBe(false);

    // Filled in: the priority's deadline shows, the estimate takes a comma.
    await fill(user, within(lines[0]!).getByRole('textbox', { name: /Customer comment/ }), 'Leaks oil');
    await fill(user, within(lines[1]!).getByRole('textbox', { name: /Customer comment/ }), 'Noisy bearing');
    await choose(user, /Warranty type/, 'Full warranty', lines[0]);
    await choose(user, /Job type/, 'Service');
    await choose(user, /Priority/, 'Urgent');
    expect(screen.getByTestId('priority-deadline').textContent).toMatch(/^Due .+ \(in 8 hours\)$/);
    await fill(user, screen.getByRole('textbox', { name: /Estimated time/ }), '1,5');
    await fill(user, screen.getByRole('textbox', { name: /First-line comment/ }), 'Call ahead');
    await user.click(screen.getByRole('button', { name: 'Create job' }));

    // It lands on the new job's view.
    await waitFor(() => expect(where()).toBe('/job/list/my/view/900/general'), WAIT);
    expect((await screen.findByTestId('job-summary', {}, WAIT)).textContent).toContain('Pump 31');
    const sent = requests.filter((r) => r.path === 'job/create');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      CustomerId: CUSTOMER,
      CustomerDeliveryAddress: 72,
      ContactPersonId: 82,
      JobStatusId: 10,
      JobTypeId: 1,
      JobPriorityId: 1,
      EstimatedTime: 1.5,
      FirstLineComment: 'Call ahead',
      Machines: [
        { MachineId: 31, CustomerComment: 'Leaks oil', WarrentyTypeId: 1, JobCategoryId: null },
        { MachineId: 33, CustomerComment: 'Noisy bearing', WarrentyTypeId: null, JobCategoryId: null },
      ],
    });
    const call = fetch.calls.find((c) => c.url.includes('job/create'));
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("takes the machine's customer when only machineId is given, and the default job category", async () => {
    const info = bundle(2);
    info.GlobalSettings.DefaultJobCategoryId = 6;
    renderApp(startUrl('machineId=32'), server(), info);
    const customerField = (await screen.findByRole(
      'combobox',
      { name: /^Customer( \*)?$/ },
      WAIT,
    )) as HTMLInputElement;
    await waitFor(() => expect(customerField.value).toBe('Fjord Fisk AS'), WAIT);
    expect(await screen.findByTestId('machine-name-32', {}, WAIT)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Delivery address/ }).textContent).toBe('Storgata 1, Oslo'),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const line = await screen.findByTestId('machine-line-32', {}, WAIT);
    await waitFor(() =>
      expect(within(line).getByRole('combobox', { name: /Job category/ }).textContent).toBe('Breakdown'),
    );
  });

  it("puts the server's refusal under its field", async () => {
    const user = userEvent.setup();
    const refuse = () =>
      json(400, {
        Message: 'The request is not valid.',
        Errors: [{ Field: 'Machines.0.CustomerComment', Message: 'Max 4000 characters.' }],
      });
    renderApp(
      `/job/list/my/newjob/overview?customerId=${CUSTOMER}&addressId=71&contactId=81&machineId=31`,
      server(refuse),
    );
    const line = await screen.findByTestId('machine-line-31', {}, WAIT);
    await fill(user, within(line).getByRole('textbox', { name: /Customer comment/ }), 'Leaks');
    await choose(user, /Job type/, 'Service');
    await choose(user, /Priority/, 'Normal');
    await fill(user, screen.getByRole('textbox', { name: /Estimated time/ }), '2');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    expect(await within(line).findByText('Max 4000 characters.', {}, WAIT)).toBeTruthy();
    expect(where()).toMatch(/newjob\/overview/);
  });

  it('picker=article opens the article picker; the chosen articles become the new job’s first parts', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp(startUrl(`customerId=${CUSTOMER}&machineId=31&picker=article`), server());
    const picker = await screen.findByRole('dialog', { name: 'Choose articles' }, WAIT);
    expect(within(picker).getByText(/Type at least three characters/)).toBeTruthy();
    await user.type(within(picker).getByRole('searchbox', { name: 'Search articles' }), 'filter');
    await user.click(await within(picker).findByRole('checkbox', { name: /Oil filter/ }, WAIT));
    expect(
      within(picker)
        .getByRole('checkbox', { name: /Air filter/ })
        .getAttribute('aria-checked'),
    ).toBe('false');
    await user.click(within(picker).getByRole('button', { name: 'Choose 1 article' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(where()).toMatch(/[?&]articleNumber=F-100(&|$)/), WAIT);
    expect(where()).not.toMatch(/picker=/);
    const parts = screen.getByTestId('new-job-parts');
    expect(within(parts).getByTestId('article-name-F-100').textContent).toBe('Oil filter');
    expect(within(parts).getByText('F-100 · pcs')).toBeTruthy();

    // Add parts opens it again (picker=article) with the chosen one ticked.
    await user.click(within(parts).getByRole('button', { name: 'Add parts' }));
    await waitFor(() => expect(where()).toMatch(/picker=article/));
    const again = await screen.findByRole('dialog', { name: 'Choose articles' });
    expect(within(again).getByRole('button', { name: 'Choose 1 article' })).toBeTruthy();
    await user.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // On to the overview with the part; created, it is a line of the first machine job.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Job details' }, WAIT);
    expect(where()).toMatch(/\/newjob\/overview\?.*articleNumber=F-100/);
    expect(
      (await within(screen.getByTestId('new-job-parts')).findByTestId('article-name-F-100', {}, WAIT))
        .textContent,
    ).toBe('Oil filter');
    await fill(
      user,
      within(screen.getByTestId('machine-line-31')).getByRole('textbox', { name: /Customer comment/ }),
      'Leaks oil',
    );
    await choose(user, /Job type/, 'Service');
    await choose(user, /Priority/, 'Urgent');
    await fill(user, screen.getByRole('textbox', { name: /Estimated time/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(where()).toBe('/job/list/my/view/900/general'), WAIT);
    const added = requests.filter((r) => r.path.startsWith('orderdetail/add/job/'));
    expect(added.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', 'orderdetail/add/job/901', { ArticleNumber: 'F-100', Quantity: '1' }],
    ]);
  });

  it('the overview without a choice says what is missing and leads back to the start', async () => {
    const user = userEvent.setup();
    renderApp('/job/list/my/newjob/overview', server());
    await screen.findByRole('heading', { name: 'Job details' }, WAIT);
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    const customerPart = screen.getByRole('heading', { name: 'Customer' }).closest('section') as HTMLElement;
    expect(await within(customerPart).findAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('A job needs at least one machine.')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Change' }));
    expect(where()).toBe('/job/list/my/newjob/start');
  });

  it("the customer view's New job action opens the start with the customer chosen", async () => {
    const user = userEvent.setup();
    renderApp(`/customer/${CUSTOMER}/details`, server());
    const actions = await screen.findByTestId('header-actions', {}, WAIT);
    const link = await within(actions).findByRole('link', { name: 'New job' }, WAIT);
    await user.click(link);
    await waitFor(() => expect(where()).toMatch(/^\/job\/list\/my\/newjob\/start\?customerId=7/), WAIT);
    const customerField = (await screen.findByRole(
      'combobox',
      { name: /^Customer( \*)?$/ },
      WAIT,
    )) as HTMLInputElement;
    await waitFor(() => expect(customerField.value).toBe('Fjord Fisk AS'), WAIT);
  });

  it("the machine view's New job action opens the start with the machine and its customer chosen", async () => {
    const user = userEvent.setup();
    renderApp('/pim/machine-list/32/info', server(), bundle(2));
    const actions = await screen.findByTestId('header-actions', {}, WAIT);
    await user.click(await within(actions).findByRole('link', { name: 'New job' }, WAIT));
    await waitFor(
      () => expect(where()).toMatch(/^\/job\/list\/my\/newjob\/start\?customerId=7&machineId=32/),
      WAIT,
    );
    expect(await screen.findByTestId('machine-name-32', {}, WAIT)).toBeTruthy();
    expect(screen.getByTestId('machine-name-32').textContent).toBe('Pump 32');
  });

  it('copies a job (start/:jobId): its customer, machines, details and machine lines, as a new job', async () => {
    const user = userEvent.setup();
    const base = created({
      Machines: [
        { MachineId: 31, CustomerComment: 'Leaks oil' },
        { MachineId: 33, CustomerComment: 'Noisy bearing' },
      ],
    });
    const source: Job = {
      ...base,
      Id: 555,
      JobStatusId: 50,
      JobPriorityId: 2,
      EstimatedTime: 2.5,
      FirstLineComment: 'Call ahead',
      InverseParent: base.InverseParent.map((l, i) => ({
        ...l,
        ParentId: 555,
        WarrentyTypeId: i === 0 ? 1 : null,
      })),
    };
    const answer = server();
    const { requests } = renderApp('/job/list/my/newjob/start/555', (req) =>
      req.path === 'job/555' ? json(200, source) : answer(req),
    );
    expect(await screen.findByTestId('machine-name-33', {}, WAIT)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /Delivery address/ }).textContent).toBe(
        'Havnegata 5, Oslo',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(where()).toMatch(/newjob\/overview\?.*copyOf=555/), WAIT);
    const first = await screen.findByTestId('machine-line-31', {}, WAIT);
    await waitFor(() =>
      expect(within(first).getByRole('textbox', { name: /Customer comment/ })).toHaveProperty(
        'value',
        'Leaks oil',
      ),
    );
    expect(screen.getByRole('textbox', { name: /Estimated time/ })).toHaveProperty('value', '2,5');
    await user.click(screen.getByRole('button', { name: 'Create job' }));
    await waitFor(() => expect(where()).toBe('/job/list/my/view/900/general'), WAIT);
    expect(requests.find((r) => r.path === 'job/create')?.body).toMatchObject({
      CustomerId: CUSTOMER,
      CustomerDeliveryAddress: 72,
      ContactPersonId: 82,
      JobStatusId: 10,
      JobTypeId: 1,
      JobPriorityId: 2,
      EstimatedTime: 2.5,
      FirstLineComment: 'Call ahead',
      Machines: [
        { MachineId: 31, CustomerComment: 'Leaks oil', WarrentyTypeId: 1 },
        { MachineId: 33, CustomerComment: 'Noisy bearing', WarrentyTypeId: null },
      ],
    });
  });

  it('is for Admin and Technician only: a subcontractor gets no action and no page', async () => {
    const { unmount } = renderApp(`/customer/${CUSTOMER}/details`, server(), bundle(3));
    await screen.findByTestId('customer-header', {}, WAIT);
    // Neither in the header nor in the menu.
    expect(screen.queryByRole('link', { name: 'New job' })).toBeNull();
    unmount();
    renderApp(startUrl(`customerId=${CUSTOMER}`), server(), bundle(3));
    expect(await screen.findByText(/You do not have access to the/, {}, WAIT)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });
});
