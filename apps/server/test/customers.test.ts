import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { customers, eventLog } from '../src/db/schema/index.ts';
import {
  createAddress,
  createContact,
  createCustomer,
  createCustomerGroup,
  createPartnerCompany,
  createUser,
} from '../src/dev/factories/index.ts';
import { boundedTotal } from '../src/modules/common/paging.ts';
import { customerPage, searchCustomerPage } from '../src/modules/customers/customers.repository.ts';
import { type Api, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, tokensOf } from './support.ts';

const VALID_CONTACT = { Name: 'Kari Nordmann', Email: 'kari@example.test', Mobile: '+47 912 34 567' };
const tag = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe.each(engines)('customers, addresses and contacts on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let technician: Api;
  let subcontractor: Api;
  const erpStandalone = {
    ERPBaseAssembly: 'Standalone',
    ERPFriendlyName: 'Fieldport',
    CustomerReadOnly: false,
    CustomerAddressReadOnly: false,
    CustomerPersonsReadOnly: false,
    SupplierReadOnly: false,
  };

  const as = async (type: number, extra: object = {}) => (await signedInUser(t, type, extra)).api;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    admin = await as(1);
    technician = await as(2);
    subcontractor = await as(3);
  });
  afterEach(async () => {
    await t.app.services.settings.write('erp', erpStandalone);
  });
  afterAll(() => t.close());

  describe('customers', () => {
    it('creates a customer with a delivery address and a contact; FreeFromVat and IsActive default true', async () => {
      const name = `Berg Mekaniske ${tag()} AS`;
      const res = await technician.post('customer/', {
        Name: name,
        OrganisationNumber: '912 345 678',
        CreditLimit: '12 500,50',
        DefaultDeliveryAddress: {
          Name: 'Main site',
          Street: 'Storgata 1',
          Zip: '0150',
          City: 'Oslo',
          Country: 'Norway',
        },
        DefaultCustomerPerson: VALID_CONTACT,
      });
      expect(res.statusCode, res.body).toBe(200);
      const c = res.json();
      expect(c).toMatchObject({
        Name: name,
        OrganisationNumber: '912 345 678',
        FreeFromVat: true,
        IsActive: true,
        CreditLimit: 12500.5,
        CreditLimitExceeded: false,
        DefaultDeliveryAddress: {
          Street: 'Storgata 1',
          Zip: '0150',
          City: 'Oslo',
          IsDefault: true,
          IsReadOnly: false,
        },
        DefaultCustomerPerson: { Name: 'Kari Nordmann', Email: 'kari@example.test', IsActive: true },
      });
      expect(c.CustomerNumber).toMatch(/^\d+$/);
      expect(c.DefaultDeliveryAddress.DisplayName).toBe('Main site, Storgata 1, 0150 Oslo');

      const again = await admin.get('customer/', { id: String(c.Id) });
      expect(again.json()).toEqual(c);
      const list = await admin.get('customer/Filtered', { SearchWord: name });
      expect(list.json()).toEqual({
        Content: [
          {
            Id: c.Id,
            CustomerNumber: c.CustomerNumber,
            Name: name,
            IsActive: true,
            DefaultDeliveryAddress: c.DefaultDeliveryAddress,
          },
        ],
        TotalCount: 1,
      });
    });

    it('gives each new customer the next free number', async () => {
      const a = (await subcontractor.post('customer/', { Name: `Numbered A ${tag()}` })).json();
      const b = (await subcontractor.post('customer/', { Name: `Numbered B ${tag()}` })).json();
      expect(Number(b.CustomerNumber)).toBe(Number(a.CustomerNumber) + 1);
    });

    it('refuses a customer without a name with the document’s message, and writes nothing', async () => {
      const before = await writes(t.db);
      for (const body of [{}, { Name: '' }, { Name: '   ' }]) {
        const res = await admin.post('customer/', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().Errors).toEqual([{ Field: 'Name', Message: 'This field is required' }]);
      }
      const long = await admin.post('customer/', { Name: 'x'.repeat(201) });
      expect(long.json().Errors).toEqual([{ Field: 'Name', Message: 'Max 200 characters.' }]);
      const lines = await admin.post('customer/', { Name: 'Two\nlines' });
      expect(lines.json().Errors).toEqual([
        { Field: 'Name', Message: 'No new lines allowed in this field.' },
      ]);
      const decimal = await admin.post('customer/', { Name: 'Credit', CreditLimit: '12a' });
      expect(decimal.json().Errors[0]).toMatchObject({ Field: 'CreditLimit' });
      expect(decimal.json().Errors[0].Message).toBe('Must be a valid number or decimal.');
      expect(await writes(t.db)).toEqual(before);
    });

    it('refuses a taken customer number naming the holder, offers it for a merge, and writes nothing', async () => {
      const holder = await createCustomer(t.db, { customerNumber: `N-${tag()}` });
      const before = await writes(t.db);
      const res = await admin.post('customer/', { Name: 'Newcomer', CustomerNumber: holder.customerNumber });
      expect(res.statusCode).toBe(409);
      const message = `${holder.customerNumber} is already in use on ${holder.name}.`;
      expect(res.json()).toEqual({
        Message: message,
        Errors: [{ Field: 'CustomerNumber', Message: message }],
        MergeCandidateId: holder.id,
      });
      const lower = await admin.post('customer/', {
        Name: 'Newcomer',
        CustomerNumber: holder.customerNumber.toLowerCase(),
      });
      expect(lower.statusCode).toBe(409);

      const other = await createCustomer(t.db);
      const change = await admin.patch(`customer/${other.id}`, { CustomerNumber: holder.customerNumber });
      expect(change.statusCode).toBe(409);
      expect(change.json().MergeCandidateId).toBe(holder.id);
      expect(await writes(t.db)).toEqual(before);
      const [still] = await t.db.select().from(customers).where(eq(customers.id, other.id));
      expect(still?.customerNumber).toBe(other.customerNumber);
    });

    it('answers the refusal in the caller’s language', async () => {
      const holder = await createCustomer(t.db, { customerNumber: `L-${tag()}` });
      const user = await createUser(t.db, { userTypeId: 1 });
      const token = (await tokensOf(t.app, user.email)).access_token;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api2/ServiceProvider/customer/',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'nb-NO' },
        payload: { Name: 'Ny kunde', CustomerNumber: holder.customerNumber },
      });
      expect(res.json().Message).toBe(`${holder.customerNumber} er allerede i bruk på ${holder.name}.`);
    });

    it('honours the ERP read-only flags with the document’s refusal', async () => {
      const existing = await createCustomer(t.db);
      await t.app.services.settings.write('erp', {
        ...erpStandalone,
        ERPBaseAssembly: 'Visma',
        ERPFriendlyName: 'Visma Business',
        CustomerReadOnly: true,
      });
      const before = await writes(t.db);
      const create = await admin.post('customer/', { Name: 'Refused' });
      expect(create.statusCode).toBe(403);
      expect(create.json().Message).toBe(
        'Visma Business does not allow servicesystem to create a new customer...',
      );
      const change = await admin.patch(`customer/${existing.id}`, { Name: 'Renamed' });
      expect(change.statusCode).toBe(403);
      expect(change.json().Message).toBe(
        'Visma Business does not allow servicesystem to change this customer...',
      );

      await t.app.services.settings.write('erp', {
        ...erpStandalone,
        ERPFriendlyName: 'Visma Business',
        CustomerAddressReadOnly: true,
        CustomerPersonsReadOnly: true,
      });
      const address = await admin.post(`customer/${existing.id}/address`, { Street: 'Ny gate 2' });
      expect(address.statusCode).toBe(403);
      expect(address.json().Message).toBe(
        'Visma Business does not allow servicesystem to create a new address...',
      );
      const contact = await admin.post(`CustomerPerson/customer/${existing.id}/contact/add`, VALID_CONTACT);
      expect(contact.json().Message).toBe(
        'Visma Business does not allow servicesystem to create a new contact...',
      );
      const update = await admin.put(
        `CustomerPerson/customer/${existing.id}/contact/${existing.contact!.id}/update`,
        VALID_CONTACT,
      );
      expect(update.statusCode).toBe(403);
      expect(await writes(t.db)).toEqual(before);
    });

    it('changes only the fields sent, logs each change with old and new values, and records the event', async () => {
      const c = await createCustomer(t.db, { name: `Old Name ${tag()}` });
      const res = await technician.patch(`customer/${c.id}`, { Name: 'New Name AS', FreeFromVat: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        Name: 'New Name AS',
        FreeFromVat: true,
        CustomerNumber: c.customerNumber,
      });
      const logs = await admin.get('Log/CustomerLogs/Filtered', { CustomerId: String(c.id) });
      expect(logs.json().TotalCount).toBe(1);
      expect(logs.json().Content[0]).toMatchObject({
        CustomerId: c.id,
        Entity: 'Customer',
        EntityId: c.id,
        Action: 'Change',
        Description: 'New Name AS',
        Changes: [
          { Field: 'Name', OldValue: c.name, NewValue: 'New Name AS' },
          { Field: 'FreeFromVat', OldValue: 'false', NewValue: 'true' },
        ],
      });
      expect(logs.json().Content[0].Created).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      const events = await t.db
        .select()
        .from(eventLog)
        .where(and(eq(eventLog.entity, 'customer'), eq(eventLog.entityId, String(c.id))));
      expect(events.map((e) => e.changeType)).toEqual(['Change']);

      const before = await writes(t.db);
      const same = await technician.patch(`customer/${c.id}`, { Name: 'New Name AS' });
      expect(same.statusCode).toBe(200);
      expect(await writes(t.db)).toEqual(before);
    });

    it('sets default address and contact only to the customer’s own, and refuses a parent cycle', async () => {
      const a = await createCustomer(t.db);
      const b = await createCustomer(t.db, { parentCustomerId: a.id });
      const foreign = await createCustomer(t.db);
      const cycle = await admin.patch(`customer/${a.id}`, { ParentCustomerId: b.id });
      expect(cycle.statusCode).toBe(400);
      expect(cycle.json().Errors).toEqual([
        {
          Field: 'ParentCustomerId',
          Message: 'A customer cannot be the parent of itself or of its own parent.',
        },
      ]);
      const self = await admin.patch(`customer/${a.id}`, { ParentCustomerId: a.id });
      expect(self.statusCode).toBe(400);
      const wrongAddress = await admin.patch(`customer/${a.id}`, {
        DefaultDeliveryAddressId: foreign.defaultDeliveryAddressId,
      });
      expect(wrongAddress.statusCode).toBe(400);
      expect(wrongAddress.json().Errors[0].Field).toBe('DefaultDeliveryAddressId');
      const wrongContact = await admin.patch(`customer/${a.id}`, {
        DefaultCustomerPersonId: foreign.contact!.id,
      });
      expect(wrongContact.json().Errors[0].Field).toBe('DefaultCustomerPersonId');
      const unknownGroup = await admin.patch(`customer/${a.id}`, { CustomerGroupId: 987654 });
      expect(unknownGroup.json().Errors).toEqual([
        { Field: 'CustomerGroupId', Message: 'No customer group with id 987654 was found.' },
      ]);
      const group = await createCustomerGroup(t.db);
      const ok = await admin.patch(`customer/${b.id}`, { CustomerGroupId: group.id, ParentCustomerId: null });
      expect(ok.json()).toMatchObject({
        CustomerGroupId: group.id,
        CustomerGroup: { Id: group.id, Name: group.name },
        ParentCustomerId: null,
      });
      const withParent = await admin.get('customer/', { id: String(foreign.id) });
      expect(withParent.json().ParentCustomer).toBeNull();
    });

    it('reads and flips the active state and, with the public portal feature, the public state', async () => {
      const c = await createCustomer(t.db);
      expect((await technician.get(`customer/${c.id}/GetActiveState`)).json()).toEqual({
        Id: c.id,
        IsActive: true,
      });
      const off = await technician.patch(`customer/${c.id}/ToggleActiveState`);
      expect(off.json()).toEqual({ Id: c.id, IsActive: false });
      expect((await technician.get(`customer/${c.id}/GetActiveState`)).json().IsActive).toBe(false);
      const list = await technician.get('customer/Filtered', { SearchWord: c.name });
      expect(list.json().Content[0].IsActive).toBe(false);
      expect((await technician.patch(`customer/${c.id}/ToggleActiveState`)).json().IsActive).toBe(true);

      expect((await technician.get(`customer/${c.id}/GetPublicState`)).json()).toEqual({
        Id: c.id,
        IsPublic: false,
      });
      expect((await technician.patch(`customer/${c.id}/TogglePublicState`)).json()).toEqual({
        Id: c.id,
        IsPublic: true,
      });
      await t.app.services.settings.write('features', { PublicPortalEnabled: false });
      const refused = await technician.patch(`customer/${c.id}/TogglePublicState`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().Message).toBe('Feature unavailable');
      await t.app.services.settings.write('features', { PublicPortalEnabled: true });
      const logs = await admin.get('Log/CustomerLogs/Filtered', { CustomerId: String(c.id) });
      expect(logs.json().Content.map((l: { Changes: { Field: string }[] }) => l.Changes[0]?.Field)).toEqual([
        'IsPublic',
        'IsActive',
        'IsActive',
      ]);
    });

    it('searches by name, number, organisation number and city, limit 1000 by default', async () => {
      const word = `Fjord${tag()}`;
      const a = await createCustomer(t.db, { name: `${word} Service AS` });
      const b = await createCustomer(t.db, { organisationNumber: `${word}-ORG` });
      const c = await createCustomer(t.db, { address: { city: `${word}by` } });
      const res = await technician.get('customer/search', { searchQuery: word.toLowerCase() });
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .map((x: { Id: number }) => x.Id)
          .sort(),
      ).toEqual([a.id, b.id, c.id].sort());
      const limited = await technician.get('customer/search', { searchQuery: word, limit: '2' });
      expect(limited.json()).toHaveLength(2);
      const wild = await technician.get('customer/search', { searchQuery: '%_%' });
      expect(wild.statusCode).toBe(200);
      expect(wild.json()).toEqual([]);
      const all = await technician.get('customer/search');
      expect(all.json().length).toBeGreaterThan(3);
      expect((await technician.get('customer/search', { limit: 'many' })).statusCode).toBe(400);
    });

    it('lists a search’s matches in name order, whatever order they were made in', async () => {
      const word = `Order${tag()}`;
      for (const n of ['D', 'B', 'C', 'A']) await createCustomer(t.db, { name: `${word} ${n}` });
      const names = (rows: { Name: string }[]) => rows.map((c) => c.Name);
      const found = await technician.get('customer/search', { searchQuery: word, limit: '3' });
      expect(names(found.json())).toEqual([`${word} A`, `${word} B`, `${word} C`]);
      const page2 = await technician.get('customer/Filtered', {
        SearchWord: word,
        ItemsPerPage: '3',
        Page: '2',
      });
      expect(page2.json()).toMatchObject({ TotalCount: 4 });
      expect(names(page2.json().Content)).toEqual([`${word} D`]);
    });

    it('lists the names starting with the word first, each group by name ignoring case, on every page', async () => {
      const word = `Rel${tag()}`;
      // Made in an order that is neither; 'a …' and 'B …' sort before the word by name.
      for (const name of [
        `B ${word}`,
        `${word} zeta`,
        `a ${word} AS`,
        `${word.toLowerCase()} alpha`,
        `${word} Beta`,
      ])
        await createCustomer(t.db, { name });
      const ranked = [
        `${word.toLowerCase()} alpha`,
        `${word} Beta`,
        `${word} zeta`,
        `a ${word} AS`,
        `B ${word}`,
      ];
      const names = (rows: { Name: string }[]) => rows.map((c) => c.Name);
      const found = await technician.get('customer/search', { searchQuery: word.toUpperCase() });
      expect(names(found.json())).toEqual(ranked);
      const paged: string[] = [];
      for (const Page of ['1', '2', '3']) {
        const res = await technician.get('customer/Filtered', { SearchWord: word, ItemsPerPage: '2', Page });
        expect(res.json().TotalCount).toBe(5);
        paged.push(...names(res.json().Content));
      }
      expect(paged).toEqual(ranked);
    });

    it('pages the list and puts the selected ids first on page 1 (dropdown paging)', async () => {
      const word = `Paging${tag()}`;
      const made = [];
      for (const n of ['A', 'B', 'C', 'D']) made.push(await createCustomer(t.db, { name: `${word} ${n}` }));
      const page2 = await technician.get('customer/Filtered', {
        SearchWord: word,
        ItemsPerPage: '2',
        Page: '2',
      });
      expect(page2.json()).toMatchObject({ TotalCount: 4 });
      expect(page2.json().Content.map((c: { Name: string }) => c.Name)).toEqual([`${word} C`, `${word} D`]);
      // A page past the end has no row to carry the count: it still tells how many there are.
      const past = await technician.get('customer/Filtered', {
        SearchWord: word,
        ItemsPerPage: '2',
        Page: '5',
      });
      expect(past.json()).toEqual({ Content: [], TotalCount: 4 });
      const picked = made[3]!.id;
      const other = await createCustomer(t.db);
      const first = await technician.get('customer/Filtered', {
        SearchWord: word,
        ItemsPerPage: '2',
        PrependItemIdList: [String(picked), String(other.id)],
      });
      expect(first.json().Content.map((c: { Id: number }) => c.Id)).toEqual([
        picked,
        other.id,
        made[0]!.id,
        made[1]!.id,
      ]);
      const comma = await technician.get('customer/Filtered', { PrependItemIdList: `${picked},${other.id}` });
      expect(
        comma
          .json()
          .Content.slice(0, 2)
          .map((c: { Id: number }) => c.Id)
          .sort(),
      ).toEqual([picked, other.id].sort());
      const bad = await technician.get('customer/Filtered', { PrependItemIdList: 'x' });
      expect(bad.statusCode).toBe(400);
    });

    it('matches a word within one field, never across two, and only in the default delivery address', async () => {
      const word = `Span${tag()}`;
      const named = await createCustomer(t.db, {
        name: `${word} Marine AS`,
        organisationNumber: `${word}-77`,
      });
      // Another address of a customer (not its default delivery address) is not searched.
      const other = await createCustomer(t.db, { name: `Other ${tag()} AS` });
      await createAddress(t.db, { customerId: other.id, city: undefined, street: `${word}veien 3` });
      const ids = async (searchQuery: string) =>
        (await technician.get('customer/search', { searchQuery })).json().map((c: { Id: number }) => c.Id);
      expect(await ids(word)).toEqual([named.id]);
      // The name, number and organisation number are separate fields: a word spanning two matches nothing.
      expect(await ids(`Marine AS ${named.customerNumber}`)).toEqual([]);
      expect(await ids(`${named.customerNumber} ${word}`)).toEqual([]);
      expect(await ids(`${word}-77`)).toEqual([named.id]);
      expect(await ids(`${word}veien`)).toEqual([]);
      // A word in too many addresses to list is checked on each customer read, with the same answer.
      const inCity = await createCustomer(t.db, { address: { city: `${word}by` } });
      const page = { limit: 10, offset: 0 };
      for (const search of [word, `${word}by`, `${word}veien`]) {
        const listed = await customerPage(t.db, undefined, { search }, page, 100);
        const checked = await customerPage(t.db, undefined, { search, searchAddressIds: null }, page, 100);
        expect(checked.rows.map((r) => r.customer.id)).toEqual(listed.rows.map((r) => r.customer.id));
        expect(checked.count).toEqual(listed.count);
        // The search by relevance too: the names starting with the word, then the others walked in order.
        const found = await searchCustomerPage(t.db, undefined, { search }, page, { count: false });
        const walked = await searchCustomerPage(t.db, undefined, { search, searchAddressIds: null }, page, {
          count: false,
        });
        expect(walked.ids).toEqual(found.ids);
        expect(found.ids.sort()).toEqual(listed.rows.map((r) => r.customer.id).sort());
      }
      expect(
        (await customerPage(t.db, undefined, { search: word }, page, 100)).rows
          .map((r) => r.customer.id)
          .sort(),
      ).toEqual([named.id, inCity.id].sort());
    });

    it('counts at most cap + 1 matches; past the cap TotalCount is the cap, or one more than the rows seen', async () => {
      const word = `Capped${tag()}`;
      for (const n of ['A', 'B', 'C', 'D', 'E']) await createCustomer(t.db, { name: `${word} ${n}` });
      const page = { limit: 2, offset: 0 };
      const capped = await customerPage(t.db, undefined, { search: word }, page, 3);
      expect(capped.rows.map((r) => r.customer.name)).toEqual([`${word} A`, `${word} B`]);
      expect(capped.count).toEqual({ matches: 3, exact: false });
      expect(boundedTotal(page, 2, capped.count)).toBe(3);
      expect(boundedTotal({ limit: 2, offset: 4 }, 2, capped.count)).toBe(7);
      expect(boundedTotal({ limit: 2, offset: 4 }, 1, capped.count)).toBe(5);
      const exact = await customerPage(t.db, undefined, { search: word }, page, 5);
      expect(exact.count).toEqual({ matches: 5, exact: true });
      expect(boundedTotal(page, 2, exact.count)).toBe(5);
      // Under the cap the answer is exact, as before.
      const list = await technician.get('customer/Filtered', { SearchWord: word, ItemsPerPage: '2' });
      expect(list.json().TotalCount).toBe(5);
    });

    it('answers bad ids with 400, unknown ids with 404, malformed JSON with 400, never 500', async () => {
      expect((await admin.get('customer/', { id: 'abc' })).statusCode).toBe(400);
      expect((await admin.get('customer/')).statusCode).toBe(400);
      const unknown = await admin.get('customer/', { id: '99999999' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().Message).toBe('No customer with id 99999999 was found.');
      expect((await admin.patch('customer/abc', { Name: 'x' })).statusCode).toBe(400);
      expect((await admin.patch('customer/99999999', { Name: 'x' })).statusCode).toBe(404);
      expect((await admin.get('customer/99999999/GetActiveState')).statusCode).toBe(404);
      expect((await admin.patch('customer/99999999/ToggleActiveState')).statusCode).toBe(404);
      expect((await admin.get('customer/-5/GetActiveState')).statusCode).toBe(400);
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api2/ServiceProvider/customer/',
        headers: { ...admin.headers, 'content-type': 'application/json' },
        payload: '{"Name":',
      });
      expect(malformed.statusCode).toBe(400);
      for (const huge of ['2147483648', '99999999999999999999', '1e3', '0x10']) {
        expect((await admin.get('customer/', { id: huge })).statusCode, huge).toBe(400);
        expect((await admin.get('customer/Filtered', { PrependItemIdList: huge })).statusCode, huge).toBe(
          400,
        );
      }
      expect((await admin.get('customer/Filtered', { Page: '99999999999' })).statusCode).toBe(400);
      const nul = await admin.post('customer/', { Name: 'Nul\u0000byte' });
      expect(nul.statusCode).toBe(400);
      expect(nul.json().Errors[0].Field).toBe('Name');
      // A NUL is refused in every text of every call, a search word too (the input layer).
      expect((await admin.get('customer/search', { searchQuery: 'a\u0000b' })).statusCode).toBe(400);
      expect((await admin.get('customer/Filtered', { SearchWord: 'a\u0000b' })).json().Errors).toEqual([
        { Field: 'SearchWord', Message: 'Contains characters that are not allowed.' },
      ]);
      expect(
        (await admin.patch(`customer/${(await createCustomer(t.db)).id}`, { DefaultDeliveryAddressId: 0 }))
          .statusCode,
      ).toBe(400);
      const wrongType = await admin.post('customer/', { Name: 42, FreeFromVat: 'yes' });
      expect(wrongType.statusCode).toBe(400);
      expect(
        wrongType
          .json()
          .Errors.map((e: { Field: string }) => e.Field)
          .sort(),
      ).toEqual(['FreeFromVat', 'Name']);
    });
  });

  describe('addresses', () => {
    it('creates (no Id), changes (Id), lists default first and reads one address', async () => {
      const c = await createCustomer(t.db);
      const created = await technician.post(`customer/${c.id}/address`, {
        Id: 0,
        Name: 'Workshop',
        Street: 'Industriveien 5',
        Zip: '7010',
        City: 'Trondheim',
        Country: 'Norway',
      });
      expect(created.statusCode, created.body).toBe(200);
      const a = created.json();
      expect(a).toMatchObject({ CustomerId: c.id, Name: 'Workshop', IsDefault: false, IsReadOnly: false });
      const changed = await technician.post(`customer/${c.id}/address`, {
        ...a,
        Id: a.Id,
        City: 'Trondheim S',
      });
      expect(changed.json()).toMatchObject({ Id: a.Id, City: 'Trondheim S' });
      const list = await technician.get(`customer/${c.id}/address`);
      expect(list.json().map((x: { Id: number }) => x.Id)).toEqual([c.defaultDeliveryAddressId, a.Id]);
      const one = await technician.get(`customer/${c.id}/getsingleaddress/${a.Id}`);
      expect(one.json()).toEqual(changed.json());
      // Sent with the version it was read at (the change above stepped it).
      const makeDefault = await technician.post(`customer/${c.id}/address`, {
        ...(changed.json() as object),
        SetAsDefault: true,
      });
      expect(makeDefault.json().IsDefault).toBe(true);
      expect((await technician.get('customer/', { id: String(c.id) })).json().DefaultDeliveryAddressId).toBe(
        a.Id,
      );
      const logs = await admin.get('Log/CustomerLogs/Filtered', { CustomerId: String(c.id) });
      expect(
        logs.json().Content.map((l: { Entity: string; Action: string }) => `${l.Entity} ${l.Action}`),
      ).toEqual(['Address Change', 'Address Change', 'Address New']);
      expect(logs.json().Content[1].Changes).toEqual([
        { Field: 'City', OldValue: 'Trondheim', NewValue: 'Trondheim S' },
      ]);
    });

    it('refuses an ERP address (id below zero), an empty address and another customer’s address', async () => {
      const c = await createCustomer(t.db);
      const erpAddress = await createAddress(t.db, {
        id: -(100000 + Math.floor(Math.random() * 100000)),
        customerId: c.id,
      });
      const one = await technician.get(`customer/${c.id}/getsingleaddress/${erpAddress.id}`);
      expect(one.json()).toMatchObject({ Id: erpAddress.id, IsReadOnly: true });
      const before = await writes(t.db);
      const change = await technician.post(`customer/${c.id}/address`, {
        Id: erpAddress.id,
        Street: 'Changed 1',
      });
      expect(change.statusCode).toBe(403);
      expect(change.json().Message).toBe('Fieldport does not allow servicesystem to change this address...');
      const empty = await technician.post(`customer/${c.id}/address`, { Name: '', Street: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().Errors).toEqual([{ Field: 'Street', Message: 'This field is required' }]);
      const other = await createCustomer(t.db);
      const foreign = await technician.post(`customer/${c.id}/address`, {
        Id: other.defaultDeliveryAddressId,
        Street: 'Hijack 1',
      });
      expect(foreign.statusCode).toBe(404);
      expect(
        (await technician.get(`customer/${c.id}/getsingleaddress/${other.defaultDeliveryAddressId}`))
          .statusCode,
      ).toBe(404);
      expect((await technician.get(`customer/${c.id}/getsingleaddress/0`)).statusCode).toBe(400);
      expect((await technician.get(`customer/${c.id}/getsingleaddress/x`)).statusCode).toBe(400);
      expect((await technician.get('customer/99999999/address')).statusCode).toBe(404);
      expect(await writes(t.db)).toEqual(before);
    });
  });

  describe('contacts', () => {
    it('adds, reads, lists and updates contacts; IsActive defaults true, switches start off', async () => {
      const c = await createCustomer(t.db, { contact: null });
      const added = await technician.post(`CustomerPerson/customer/${c.id}/contact/add`, {
        ...VALID_CONTACT,
        FixedPhone: '22 33 44 55',
      });
      expect(added.statusCode, added.body).toBe(200);
      const p = added.json();
      expect(p).toMatchObject({
        CustomerId: c.id,
        Name: 'Kari Nordmann',
        FixedPhone: '22 33 44 55',
        IsActive: true,
        SmsAllowed: false,
        EmailAllowed: false,
        IsDefault: true,
      });
      const updated = await technician.put(`CustomerPerson/customer/${c.id}/contact/${p.Id}/update`, {
        ...VALID_CONTACT,
        Name: 'Kari N. Nordmann',
        SmsAllowed: true,
        EmailAllowed: true,
        IsActive: false,
      });
      expect(updated.json()).toMatchObject({
        Name: 'Kari N. Nordmann',
        SmsAllowed: true,
        EmailAllowed: true,
        IsActive: false,
      });
      expect((await technician.get(`CustomerPerson/Customer/contact/${p.Id}`)).json()).toEqual(
        updated.json(),
      );
      const all = await technician.get(`CustomerPerson/Customer/${c.id}/AllContacts`);
      expect(all.json()).toEqual([updated.json()]);
      const logs = await admin.get('Log/CustomerLogs/Filtered', {
        CustomerId: String(c.id),
        SearchWord: 'Kari',
      });
      expect(
        logs.json().Content.map((l: { Entity: string; Action: string }) => `${l.Entity} ${l.Action}`),
      ).toEqual(['Contact Change', 'Contact New']);
    });

    it('refuses contacts with the documents’ messages and writes nothing', async () => {
      const c = await createCustomer(t.db);
      const url = `CustomerPerson/customer/${c.id}/contact/add`;
      const before = await writes(t.db);
      const cases: [object, { Field: string; Message: string }][] = [
        [
          { ...VALID_CONTACT, Name: '' },
          { Field: 'Name', Message: 'This field is required' },
        ],
        [
          { ...VALID_CONTACT, Email: '' },
          { Field: 'Email', Message: 'E-mail is required' },
        ],
        [
          { ...VALID_CONTACT, Email: 'kari@' },
          { Field: 'Email', Message: 'Invalid E-mail address' },
        ],
        [
          { ...VALID_CONTACT, Mobile: '' },
          { Field: 'Mobile', Message: 'Phone number is required' },
        ],
        [
          { ...VALID_CONTACT, Mobile: '912abc' },
          { Field: 'Mobile', Message: 'Phone number cant contain letters' },
        ],
        [
          { ...VALID_CONTACT, FixedPhone: 'call me' },
          { Field: 'FixedPhone', Message: 'Phone number cant contain letters' },
        ],
        [
          { Email: 'kari@example.test', Mobile: '+47 1' },
          { Field: 'Name', Message: 'This field is required' },
        ],
      ];
      for (const [body, error] of cases) {
        const res = await technician.post(url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().Errors).toEqual([error]);
      }
      const update = await technician.put(`CustomerPerson/customer/${c.id}/contact/${c.contact!.id}/update`, {
        ...VALID_CONTACT,
        Email: 'nope',
      });
      expect(update.json().Errors).toEqual([{ Field: 'Email', Message: 'Invalid E-mail address' }]);
      const other = await createContact(t.db);
      const foreign = await technician.put(
        `CustomerPerson/customer/${c.id}/contact/${other.id}/update`,
        VALID_CONTACT,
      );
      expect(foreign.statusCode).toBe(404);
      expect((await technician.get('CustomerPerson/Customer/contact/99999999')).statusCode).toBe(404);
      expect(await writes(t.db)).toEqual(before);
    });
  });

  describe('isolation of customer users and partners', () => {
    it('shows customer users only their own company, and 404 for another’s', async () => {
      const mine = await createCustomer(t.db, { name: `Mine ${tag()}` });
      const theirs = await createCustomer(t.db, { name: `Theirs ${tag()}` });
      for (const type of [4, 6]) {
        const user = await as(type, { customerId: mine.id });
        expect((await user.get('customer/search')).json().map((c: { Id: number }) => c.Id)).toEqual([
          mine.id,
        ]);
        const list = await user.get('customer/Filtered', { PrependItemIdList: String(theirs.id) });
        expect(list.json()).toMatchObject({ TotalCount: 1, Content: [{ Id: mine.id }] });
        expect((await user.get('customer/', { id: String(mine.id) })).statusCode).toBe(200);
        const other = await user.get('customer/', { id: String(theirs.id) });
        expect(other.statusCode).toBe(404);
        expect(other.json().Message).toBe(`No customer with id ${theirs.id} was found.`);
        expect((await user.get(`customer/${theirs.id}/address`)).statusCode).toBe(404);
        expect((await user.get(`CustomerPerson/Customer/${theirs.id}/AllContacts`)).statusCode).toBe(404);
        expect((await user.get(`CustomerPerson/Customer/contact/${theirs.contact!.id}`)).statusCode).toBe(
          404,
        );
        expect((await user.get(`customer/${theirs.id}/GetPublicState`)).statusCode).toBe(404);
        expect((await user.post('customer/', { Name: 'Not allowed' })).statusCode).toBe(403);
        expect((await user.patch(`customer/${mine.id}`, { Name: 'Not allowed' })).statusCode).toBe(403);
        expect((await user.get('Log/CustomerLogs/Filtered')).statusCode).toBe(403);
      }
    });

    it('shows partners only the customers of their partner company', async () => {
      const company = await createPartnerCompany(t.db);
      const ours = await createCustomer(t.db, { partnerCompanyId: company.id, name: `Partnered ${tag()}` });
      const foreign = await createCustomer(t.db);
      const partner = await as(5, { partnerCompanyId: company.id });
      expect((await partner.get('customer/search')).json().map((c: { Id: number }) => c.Id)).toEqual([
        ours.id,
      ]);
      expect((await partner.get('customer/Filtered')).json().TotalCount).toBe(1);
      expect((await partner.get('customer/', { id: String(ours.id) })).statusCode).toBe(200);
      expect((await partner.get('customer/', { id: String(foreign.id) })).statusCode).toBe(404);
      expect(
        (await partner.get(`customer/${foreign.id}/getsingleaddress/${foreign.defaultDeliveryAddressId}`))
          .statusCode,
      ).toBe(404);
      expect((await partner.patch(`customer/${ours.id}/ToggleActiveState`)).statusCode).toBe(403);

      await admin.patch(`customer/${ours.id}`, { Name: `${ours.name} changed` });
      await admin.patch(`customer/${foreign.id}`, { Name: `${foreign.name} changed` });
      const logs = await partner.get('Log/CustomerLogs/Filtered');
      expect(logs.json().Content.map((l: { CustomerId: number }) => l.CustomerId)).toEqual([ours.id]);
      expect(
        (await partner.get('Log/CustomerLogs/Filtered', { CustomerId: String(foreign.id) })).json()
          .TotalCount,
      ).toBe(0);
    });

    it('sees nothing when a customer user has no company', async () => {
      const user = await as(4, { customerId: null });
      expect((await user.get('customer/search')).json()).toEqual([]);
    });
  });
});
