import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createJob, createMachine, createUser } from '../src/dev/factories/index.ts';
import { type Api, apiAs } from './api-client.ts';
import { engines, startTestApp } from './harness.ts';
import { allLicences, tokensOf } from './support.ts';

/**
 * A customer user's portal (issue 32, decision 068): the fault report makes one job for the machine's
 * customer, address and machine; another company's machines and jobs are neither seen nor reported on.
 */
const marker = () => `Fault${Math.random().toString(36).slice(2, 8)}`;

describe.each(engines)('customer fault reports on %s', (engine) => {
  let t: Awaited<ReturnType<typeof startTestApp>>;

  const signedIn = async (userTypeId: number, extra: object = {}) => {
    const user = await createUser(t.db, { userTypeId, ...extra });
    return apiAs(t.app, (await tokensOf(t.app, user.email)).access_token);
  };

  /** Two customers A and B, each with a machine and an open job; a manager of A signed in. */
  async function twoCustomers() {
    const m = marker();
    const sides = [];
    for (const side of ['A', 'B']) {
      const customer = await createCustomer(t.db, { name: `${m} Kunde ${side}` });
      const machine = await createMachine(t.db, { customerId: customer.id, name: `${m} Press ${side}` });
      const job = await createJob(t.db, { customerId: customer.id, machines: [machine] });
      sides.push({ customer, machine, job });
    }
    const [a, b] = sides as [(typeof sides)[0], (typeof sides)[0]];
    return { m, a, b, manager: await signedIn(4, { customerId: a.customer.id }) };
  }

  const report = (api: Api, machine: number, Description: string, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api2/ServiceProvider/machine/${machine}/FaultReport`,
      headers: { ...api.headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { Description, JobPriorityId: 2 },
    });

  beforeAll(async () => {
    t = await startTestApp(engine);
    await allLicences(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes one job for the machine’s customer, delivery address and machine, once per key', async () => {
    const { a, manager } = await twoCustomers();
    const res = await report(manager, a.machine.id, '  Leaks oil under the pump  ', 'fault-1');
    expect(res.statusCode).toBe(200);
    const job = res.json();
    expect(job.CustomerId).toBe(a.customer.id);
    expect(job.CustomerDeliveryAddress).toBe(a.customer.deliveryAddress!.id);
    expect(job.JobStatusId).toBe(10);
    expect(job.JobPriorityId).toBe(2);
    const again = await report(manager, a.machine.id, '  Leaks oil under the pump  ', 'fault-1');
    expect(again.json().Id).toBe(job.Id);
    const lines = (await manager.get(`job/${job.Id}/subjobs`)).json();
    expect(lines).toHaveLength(1);
    expect(lines[0].Machine.Id).toBe(a.machine.id);
    expect(lines[0].CustomerComment).toBe('Leaks oil under the pump');
    const list = await manager.post('JobList/Filtered', { MachineId: a.machine.id });
    expect(list.json().Content.map((j: { Id: number }) => j.Id)).toContain(job.Id);
  });

  it('refuses another company’s machine with 404 and writes nothing', async () => {
    const { b, manager } = await twoCustomers();
    const employee = await signedIn(6, { customerId: (await createCustomer(t.db)).id });
    for (const api of [manager, employee]) {
      const res = await report(api, b.machine.id, 'Not mine');
      expect(res.statusCode).toBe(404);
    }
    const admin = await signedIn(1);
    const jobs = (await admin.post('JobList/Filtered', { MachineId: b.machine.id })).json();
    expect(jobs.Content.map((j: { Id: number }) => j.Id)).toEqual([b.job.id]);
  });

  it('shows a customer only its own company’s machines and jobs', async () => {
    const { m, a, b, manager } = await twoCustomers();
    const machines = (await manager.post('Machine/Filtered', { SearchWord: m })).json();
    expect(machines.Content.map((x: { Id: number }) => x.Id)).toEqual([a.machine.id]);
    const jobs = (await manager.post('JobList/Filtered', { SearchWord: m })).json();
    expect(jobs.Content.map((x: { Id: number }) => x.Id)).toEqual([a.job.id]);
    expect(JSON.stringify(jobs)).not.toContain(`${m} Kunde B`);
    expect((await manager.get(`machine/${b.machine.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api2/resource/service-report/${b.job.id}`)).statusCode).toBe(404);
  });

  it('refuses staff the customer’s call, and an empty description changes nothing', async () => {
    const { a, manager } = await twoCustomers();
    const admin = await signedIn(1);
    expect((await report(admin, a.machine.id, 'Office')).statusCode).toBe(403);
    const empty = await report(manager, a.machine.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().Errors[0].Field).toBe('Description');
    const jobs = (await manager.post('JobList/Filtered', { MachineId: a.machine.id })).json();
    expect(jobs.Content.map((j: { Id: number }) => j.Id)).toEqual([a.job.id]);
  });
});
