import type { LiveChangeEvent } from '@fieldport/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { documentKeys } from '../../components/documents/api.ts';
import { userKeys } from '../../components/user-accounts/api.ts';
import { adminKeys } from '../admin/api/admin.ts';
import { customerKeys } from '../customers/api/customers.ts';
import { jobKeys } from '../jobs/api/jobs.ts';
import { machineKeys } from '../machines/api/machines.ts';
import { pimKeys } from '../machines/api/pim.ts';
import { taskKeys } from '../tasks/api.ts';
import { JOB_LIST_DEBOUNCE_MS, refreshesFor } from './invalidation.ts';

const event = (Entity: string, EntityId: string, extra: object = {}): LiveChangeEvent => ({
  Sequence: 1,
  Entity,
  EntityId,
  ChangeType: 'Change',
  ...extra,
});

/** Which of these cached queries an event makes stale, as the query cache itself matches prefixes. */
function staleAfter(e: LiveChangeEvent, keys: (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of keys) client.setQueryData(key, 'cached');
  for (const r of refreshesFor(e)) void client.invalidateQueries({ queryKey: r.key, refetchType: 'none' });
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated);
}

describe('live change events → stale queries (one table)', () => {
  it("a customer change refreshes the customer list and view, the search dropdowns and machines' rows", () => {
    const keys = [
      customerKeys.list(''),
      customerKeys.detail(7),
      customerKeys.addresses(7),
      ['search-dropdown', 'customer', 7],
      machineKeys.list({} as never),
      machineKeys.detail(3),
      jobKeys.job(1),
    ];
    expect(staleAfter(event('customer', '7'), keys)).toEqual(keys.slice(0, 5));
  });

  it("a machine change refreshes machine lists and views and a customer's machines tab", () => {
    const keys = [
      machineKeys.list({} as never),
      machineKeys.detail(3),
      customerKeys.machines(7, ''),
      customerKeys.detail(7),
    ];
    expect(staleAfter(event('machine', '3'), keys)).toEqual(keys.slice(0, 3));
  });

  it('a job change refreshes that job at once and the job list after 700 ms', () => {
    const refreshes = refreshesFor(event('job', '5', { JobId: 5 }));
    expect(refreshes).toContainEqual({ key: jobKeys.job(5) });
    expect(refreshes).toContainEqual({ key: ['jobs', 'list'], debounceMs: JOB_LIST_DEBOUNCE_MS });
    expect(
      staleAfter(event('job', '5', { JobId: 5 }), [jobKeys.job(5), jobKeys.job(6), jobKeys.history(5)]),
    ).toEqual([jobKeys.job(5), jobKeys.history(5)]);
  });

  it("an appointment change refreshes its job; an absence's refreshes nothing", () => {
    expect(staleAfter(event('appointment', '9', { JobId: 5 }), [jobKeys.job(5), jobKeys.job(6)])).toEqual([
      jobKeys.job(5),
    ]);
    expect(refreshesFor(event('appointment', '9', { JobId: null }))).toEqual([]);
  });

  it('reference data, users, documents and tasks refresh their own screens', () => {
    expect(staleAfter(event('machineModel', '2'), [pimKeys.model(2), pimKeys.type(2)])).toEqual([
      pimKeys.model(2),
    ]);
    expect(staleAfter(event('user', '4'), [userKeys.detail(4)])).toEqual([userKeys.detail(4)]);
    expect(staleAfter(event('document', '4'), [documentKeys.of('Machine' as never, 3)])).toHaveLength(1);
    expect(staleAfter(event('task', '1'), [taskKeys.all, adminKeys.tasks])).toEqual([
      taskKeys.all,
      adminKeys.tasks,
    ]);
    expect(
      staleAfter(event('jobCategory', '1'), [
        adminKeys.lookups('jobCategory'),
        adminKeys.lookups('repairPlace'),
      ]),
    ).toEqual([adminKeys.lookups('jobCategory')]);
  });

  it('an entity no screen shows refreshes nothing', () => {
    expect(refreshesFor(event('article', '1'))).toEqual([]);
  });
});
