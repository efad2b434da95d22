import { describe, expect, it } from 'vitest';
import {
  addDays,
  createAppointment,
  createCustomer,
  createJob,
  createMachine,
  mondayOf,
} from '../src/dev/factories/index.ts';
import { staffApp } from './api-client.ts';
import { engines } from './harness.ts';
import { sqlOf } from './sql-of.ts';

describe.each(engines)('reads in a few SQL statements, whatever their size, on %s', (engine) => {
  const s = staffApp(engine);

  it('reads a job, a job list page, customers, a machine, a week of the scheduler and the user info in at most 3 round trips each', async () => {
    const customer = await createCustomer(s.t.db);
    const machine = await createMachine(s.t.db, { customerId: customer.id });
    const job = await createJob(s.t.db, { customerId: customer.id, machines: 2 });
    for (let i = 0; i < 3; i++) await createAppointment(s.t.db, { jobId: job.id });
    for (let i = 0; i < 60; i++) await createJob(s.t.db, { customerId: customer.id });
    const monday = mondayOf(new Date());
    const reads = {
      'job/{id}': () => s.admin.get(`job/${job.id}`),
      'JobList/Filtered': () => s.admin.post('JobList/Filtered', { Page: 1, ItemsPerPage: 50 }),
      'customer/Filtered': () => s.admin.get('customer/Filtered', { Page: '1', ItemsPerPage: '40' }),
      'machine/{id}': () => s.admin.get(`machine/${machine.id}`),
      'Scheduler/DateRange': () =>
        s.admin.get('Scheduler/DateRange/', { date1: monday, date2: addDays(monday, 6) }),
      userinfo: () => s.admin.get('userinfo'),
    };
    const counts: Record<string, { statements: number; roundTrips: number }> = {};
    for (const [name, call] of Object.entries(reads)) {
      await call(); // warm: the session check and the lookups are kept between calls
      counts[name] = await sqlOf(s.t.db, call);
    }
    const said = JSON.stringify(counts);
    // The job view reads its job, two sub-jobs and three appointments in one statement.
    expect(counts['job/{id}'], said).toEqual({ statements: 1, roundTrips: 1 });
    // The planner's week: its appointments, their participants and jobs in three plain statements sent
    // side by side, one round trip (JSON built by PostgreSQL cost more than it saved, decision 043).
    expect(counts['Scheduler/DateRange'], said).toEqual({ statements: 3, roundTrips: 1 });
    for (const [name, n] of Object.entries(counts)) {
      expect(n.roundTrips, `${name}: ${said}`).toBeLessThanOrEqual(3);
      // No statement per row: a 50-row page costs what a 1-row one does.
      expect(n.statements, `${name}: ${said}`).toBeLessThanOrEqual(4);
    }
  });
});
