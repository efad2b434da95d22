import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createDepartment, createUser } from '../src/dev/factories/index.ts';
import { type Api, apiAs, signedInUser, writes } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, PASSWORD, signIn } from './support.ts';

const tag = () => Math.random().toString(36).slice(2, 8);
const mail = (who: string) => `${who}.${tag()}@example.test`;

describe.each(engines)('user accounts on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;
  let admin: Api;
  let adminId: number;
  let technician: Api;
  let customerId: number;

  const as = (type: number, extra: object = {}) => signedInUser(t, type, extra);

  const mailsTo = async (email: string) =>
    (await admin.get('Log/MailLogs/Filtered', { SearchWord: email })).json().Content as {
      To: string;
      Subject: string;
      Body: string;
    }[];

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
    const a = await as(1);
    admin = a.api;
    adminId = a.user.id;
    technician = (await as(2)).api;
    customerId = (await createCustomer(t.db, { name: `Fjord Dairy ${tag()}` })).id;
  });
  afterAll(() => t.close());

  describe('User/add', () => {
    it('creates a customer account that can sign in with its password, and writes an event', async () => {
      const before = await writes(t.db);
      const email = mail('kari');
      const res = await technician.post('User/add', {
        Name: 'Kari Kunde',
        EmailAdress: email,
        Phone: '+47 41 00 00 00',
        UserTypeId: 4,
        CustomerId: customerId,
        Uiculture: 'no',
        Password: 'Fjord#2026',
      });
      expect(res.statusCode, res.body).toBe(200);
      const user = res.json();
      expect(user).toMatchObject({
        Name: 'Kari Kunde',
        EmailAdress: email,
        UserLogonName: email,
        UserTypeId: 4,
        CustomerId: customerId,
        IsActive: true,
        Uiculture: 'no',
      });
      expect(user.CustomerName).toMatch(/^Fjord Dairy/);
      expect(user.CreatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect((await signIn(t.app, email, 'Fjord#2026')).statusCode).toBe(200);
      expect((await writes(t.db)).events).toBe(before.events + 1);
    });

    it('without a password mails the new user how to choose one, in their language', async () => {
      const email = mail('sven');
      const res = await admin.post('User/add', {
        Name: 'Sven Svensson',
        EmailAdress: email,
        UserTypeId: 2,
        Uiculture: 'sv',
      });
      expect(res.statusCode, res.body).toBe(200);
      const [welcome] = await mailsTo(email);
      expect(welcome?.Subject).toBe('Ditt Fieldport-konto');
      expect(welcome?.Body).toContain('Sven Svensson');
      expect((await signIn(t.app, email, PASSWORD)).statusCode).toBe(400);
    });

    it('refuses bad input with the field messages and writes nothing', async () => {
      const before = await writes(t.db);
      const res = await admin.post('User/add', {
        Name: '',
        EmailAdress: 'not-mail',
        UserTypeId: 4,
        Phone: 'abc',
      });
      expect(res.statusCode).toBe(400);
      const errors = res.json().Errors as { Field: string; Message: string }[];
      expect(errors).toEqual(
        expect.arrayContaining([
          { Field: 'Name', Message: 'This field is required' },
          { Field: 'EmailAdress', Message: 'Invalid E-mail address' },
          { Field: 'Phone', Message: 'Phone number cant contain letters' },
        ]),
      );
      const noCustomer = await admin.post('User/add', {
        Name: 'Kunde',
        EmailAdress: mail('k'),
        UserTypeId: 4,
      });
      expect(noCustomer.json().Errors).toEqual([{ Field: 'CustomerId', Message: 'This field is required' }]);
      const weak = await admin.post('User/add', {
        Name: 'W',
        EmailAdress: mail('w'),
        UserTypeId: 2,
        Password: 'short',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json().Errors[0].Field).toBe('Password');
      expect(await writes(t.db)).toEqual(before);
    });

    it('refuses an e-mail address already in use, naming the account that has it', async () => {
      const holder = await createUser(t.db, { userTypeId: 2, name: 'Ola Opptatt' });
      const res = await admin.post('User/add', {
        Name: 'Copy',
        EmailAdress: holder.email.toUpperCase(),
        UserTypeId: 2,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().Message).toBe(`${holder.email.toUpperCase()} is already in use on Ola Opptatt.`);
    });

    it('refuses a customer that does not exist and a customer type without the customer portal licence', async () => {
      const missing = await admin.post('User/add', {
        Name: 'N',
        EmailAdress: mail('n'),
        UserTypeId: 6,
        CustomerId: 999999,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().Message).toBe('No customer with id 999999 was found.');

      await t.app.services.settings.write('licences', { CustomerPortal: false });
      try {
        const res = await admin.post('User/add', {
          Name: 'N',
          EmailAdress: mail('n'),
          UserTypeId: 6,
          CustomerId: customerId,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().Message).toBe('The CustomerPortal licence is needed for this user type.');
      } finally {
        await allLicences(t.app);
      }
    });

    it('lets only an Admin create staff accounts', async () => {
      const res = await technician.post('User/add', {
        Name: 'Boss',
        EmailAdress: mail('boss'),
        UserTypeId: 1,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().Message).toBe('You dont have permission to edit this');
    });
  });

  describe('lists', () => {
    it('User/Filtered narrows by customer and type, pages, and can leave out inactive accounts', async () => {
      const c = await createCustomer(t.db);
      const active = await createUser(t.db, { userTypeId: 6, customerId: c.id, name: 'Anna Aktiv' });
      await createUser(t.db, { userTypeId: 4, customerId: c.id, name: 'Bjørn Borte', isActive: false });
      await createUser(t.db, { userTypeId: 6, name: 'Other Company' });

      const all = (await admin.get('User/Filtered', { CustomerId: String(c.id) })).json();
      expect(all.TotalCount).toBe(2);
      expect(all.Content.map((u: { Name: string }) => u.Name)).toEqual(['Anna Aktiv', 'Bjørn Borte']);

      const onlyActive = (
        await admin.get('User/Filtered', { CustomerId: String(c.id), IncludeInactive: 'false' })
      ).json();
      expect(onlyActive.Content.map((u: { Id: number }) => u.Id)).toEqual([active.id]);

      const employees = (
        await admin.get('User/Filtered', { CustomerId: String(c.id), UserTypeIds: '6' })
      ).json();
      expect(employees.TotalCount).toBe(1);

      const page2 = (
        await admin.get('User/Filtered', { CustomerId: String(c.id), ItemsPerPage: '1', Page: '2' })
      ).json();
      expect(page2.Content.map((u: { Name: string }) => u.Name)).toEqual(['Bjørn Borte']);
      expect(page2.TotalCount).toBe(2);
    });

    it('User/Filtered by department names the department', async () => {
      const d = await createDepartment(t.db, { name: `Service North ${tag()}` });
      const u = await createUser(t.db, { userTypeId: 2, departmentId: d.id });
      const res = (await admin.get('User/Filtered', { DepartmentId: String(d.id) })).json();
      expect(res.Content).toEqual([expect.objectContaining({ Id: u.id, DepartmentName: d.name })]);
    });

    it('SearchCustomerAccounts finds customer accounts by the customer’s name, never staff', async () => {
      const word = `Glacier${tag()}`;
      const c = await createCustomer(t.db, { name: `${word} Mining` });
      const account = await createUser(t.db, { userTypeId: 4, customerId: c.id });
      await createUser(t.db, { userTypeId: 2, name: `${word} Technician` });
      const res = await admin.get('User/SearchCustomerAccounts/', { query: word });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((u: { Id: number }) => u.Id)).toEqual([account.id]);
    });

    it('rejects a malformed filter', async () => {
      const res = await admin.get('User/Filtered', { UserTypeIds: 'x' });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('changes', () => {
    it('PATCH changes only the fields sent and keeps the account signed in', async () => {
      const { user } = await as(6, { customerId, name: 'Per Før' });
      const res = await technician.patch(`User/${user.id}`, { Name: 'Per Etter', Phone: '+47 22 22 22 22' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        Name: 'Per Etter',
        Phone: '+47 22 22 22 22',
        EmailAdress: user.email,
      });
    });

    it('a new user type ends the user’s sessions at once', async () => {
      const { api, user } = await as(6, { customerId });
      expect((await api.get('userinfo')).statusCode).toBe(200);
      const res = await admin.patch(`User/${user.id}`, { UserTypeId: 4 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().UserTypeId).toBe(4);
      expect((await api.get('/api2/ServiceProvider/userinfo')).statusCode).toBe(401);
    });

    it('a customer type needs a customer; a staff type drops it', async () => {
      const staff = await createUser(t.db, { userTypeId: 2 });
      const refused = await admin.patch(`User/${staff.id}`, { UserTypeId: 6 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().Errors).toEqual([{ Field: 'CustomerId', Message: 'This field is required' }]);
      const customerUser = await createUser(t.db, { userTypeId: 6, customerId });
      const res = await admin.patch(`User/${customerUser.id}`, { UserTypeId: 2 });
      expect(res.json()).toMatchObject({ UserTypeId: 2, CustomerId: null });
    });

    it('Technicians may not change a staff account', async () => {
      const staff = await createUser(t.db, { userTypeId: 1 });
      const res = await technician.patch(`User/${staff.id}`, { Name: 'Hacked' });
      expect(res.statusCode).toBe(403);
      expect((await admin.get(`User/get/${staff.id}`)).json().Name).not.toBe('Hacked');
    });

    it('an unknown id is 404 with the documents’ message', async () => {
      const res = await admin.patch('User/999999', { Name: 'X' });
      expect(res.statusCode).toBe(404);
      expect(res.json().Message).toBe('No user with id 999999 was found.');
    });
  });

  describe('active state and passwords', () => {
    it('deactivating ends the sessions and refuses sign-in; activating lets the user back', async () => {
      const { api, user } = await as(4, { customerId });
      const off = await technician.patch(`User/toggleactive/${user.id}`);
      expect(off.json()).toEqual({ Id: user.id, IsActive: false });
      expect((await api.get('userinfo')).statusCode).toBe(401);
      expect((await signIn(t.app, user.email)).json().Message).toBe(
        'This account is deactivated. Contact an administrator.',
      );
      const on = await technician.patch(`User/toggleactive/${user.id}`);
      expect(on.json()).toEqual({ Id: user.id, IsActive: true });
      expect((await signIn(t.app, user.email)).statusCode).toBe(200);
    });

    it('nobody can deactivate their own account', async () => {
      const res = await admin.patch(`User/toggleactive/${adminId}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().Message).toBe('You cannot deactivate your own account.');
    });

    it('changePasswordFor sets a password that signs in, and the old one stops working', async () => {
      const { api, user } = await as(6, { customerId });
      const res = await admin.post(`User/changePasswordFor/${encodeURIComponent(user.email)}`, {
        Password: 'Newer#2026',
      });
      expect(res.json()).toEqual({
        Success: true,
        Message: "The password has been changed. The user's sessions have ended.",
      });
      expect((await api.get('userinfo')).statusCode).toBe(401);
      expect((await signIn(t.app, user.email)).statusCode).toBe(400);
      expect((await signIn(t.app, user.email, 'Newer#2026')).statusCode).toBe(200);
    });

    it('sendresetpasswordmail mails a code that the recovery flow accepts', async () => {
      const user = await createUser(t.db, { userTypeId: 6, customerId });
      const res = await technician.post(
        `password/sendresetpasswordmail?emailaddress=${encodeURIComponent(user.email)}`,
      );
      expect(res.json()).toEqual({
        Success: true,
        Message: `A recovery code has been sent to ${user.email}.`,
      });
      const [sent] = await mailsTo(user.email);
      const code = /\b(\d{6})\b/.exec(sent?.Body ?? '')?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const reset = await apiAs(t.app, null).post('password/resetpassword', {
        Email: user.email,
        Code: code,
        Password: 'Reset#2026',
      });
      expect(reset.json().Success).toBe(true);
      expect((await signIn(t.app, user.email, 'Reset#2026')).statusCode).toBe(200);
    });

    it('the older RecoverPassword answers alike for known and unknown addresses', async () => {
      const user = await createUser(t.db, { userTypeId: 2 });
      const anon = apiAs(t.app, null);
      const known = await anon.post(`password/RecoverPassword?Email=${encodeURIComponent(user.email)}`);
      const unknown = await anon.post('password/RecoverPassword?Email=nobody%40example.test');
      expect(known.json()).toEqual(unknown.json());
      expect(await mailsTo(user.email)).toHaveLength(1);
    });
  });

  describe('getAccount', () => {
    it('a customer user reads their own account and no one else’s', async () => {
      const { api, user } = await as(6, { customerId });
      expect((await api.get(`UserController/getAccount/${user.id}`)).json().Id).toBe(user.id);
      expect((await api.get(`UserController/getAccount/${adminId}`)).statusCode).toBe(404);
      expect((await technician.get(`UserController/getAccount/${user.id}`)).statusCode).toBe(200);
    });
  });
});
