import type { JobStatusWithCount } from '@fieldport/contract';
import { describe, expect, it } from 'vitest';
import { createJob } from '../src/dev/factories/index.ts';
import { staffApp, writes } from './api-client.ts';
import { engines } from './harness.ts';

describe.each(engines)('the Admin’s job statuses on %s', (engine) => {
  const s = staffApp(engine);

  it('renames and recolours a status, and the job list shows the new name at once', async () => {
    const job = await createJob(s.t.db, { machines: 1, jobStatusId: 40 });
    const res = await s.admin.patch('JobStatus', { Id: 40, Name: 'Awaiting parts', Color: '#aa00ff' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Id: 40,
      Name: 'Awaiting parts',
      Color: '#aa00ff',
      Icon: 'Inventory2',
    });
    const list = await s.technician.post('JobList/Filtered', { CustomerId: job.customerId });
    expect(list.json().Content[0]).toMatchObject({ StatusName: 'Awaiting parts', StatusColor: '#aa00ff' });
    expect((await s.admin.patch('JobStatus', { Id: 40, Color: 'purple' })).json().Errors).toContainEqual({
      Field: 'Color',
      Message: 'Must be a colour as #rrggbb.',
    });
    expect((await s.technician.patch('JobStatus', { Id: 40, Name: 'Mine' })).statusCode).toBe(403);
  });

  it('adds, renames and deletes sub-statuses; names are unique within their status; one in use stays', async () => {
    const made = await s.admin.post('JobSubStatus', { ParentId: 30, Name: 'Waiting for access' });
    expect(made.statusCode, made.body).toBe(200);
    const sub = made.json() as { Id: number; RowVersion: number };
    const statuses = (await s.technician.get('JobStatus/GetAll')).json() as JobStatusWithCount[];
    expect(statuses.find((s) => s.Id === 30)!.SubStatuses.map((s) => s.Name)).toContain('Waiting for access');

    const before = await writes(s.t.db);
    const twin = await s.admin.post('JobSubStatus', { ParentId: 30, Name: 'waiting FOR access' });
    expect([twin.statusCode, twin.json().Message]).toEqual([
      409,
      'waiting FOR access is already in use on Waiting for access.',
    ]);
    expect(await writes(s.t.db)).toEqual(before);
    expect(
      (await s.admin.post('JobSubStatus', { ParentId: 20, Name: 'Waiting for access' })).statusCode,
    ).toBe(200);

    expect((await s.admin.patch('JobSubStatus', { Id: sub.Id, Name: 'Waiting for the key' })).json()).toEqual(
      {
        Id: sub.Id,
        ParentId: 30,
        Name: 'Waiting for the key',
        Names: { en: 'Waiting for the key' },
        SetsOnMyWay: false,
        RowVersion: sub.RowVersion + 1,
      },
    );
    await createJob(s.t.db, { machines: 1, jobStatusId: 30, jobSubStatusId: sub.Id });
    const refused = await s.admin.delete(`JobSubStatus/${sub.Id}`);
    expect([refused.statusCode, refused.json().Message]).toEqual([
      409,
      'Waiting for the key (job sub-status) is still used by 1 records and cannot be deleted.',
    ]);
    const unused = (await s.admin.post('JobSubStatus', { ParentId: 30, Name: 'Unused' })).json() as {
      Id: number;
    };
    expect((await s.admin.delete(`JobSubStatus/${unused.Id}`)).statusCode).toBe(200);
    expect(
      (await s.technician.get('JobSubStatus/ByStatus/30')).json().map((s: { Id: number }) => s.Id),
    ).not.toContain(unused.Id);
  });
});
