import { describe, expect, it } from 'vitest';
import { presenceKeyOf } from '../src/index.ts';

const today = '2026-11-24';
const key = (path: string, query = '') => presenceKeyOf(path, query, today);

describe('presence keys (002 §7.22 sharedroute)', () => {
  it('puts the job view, every tab of it, and its preview beside a list on the same job', () => {
    expect(key('/job/list/status-10-0/view/12/general')).toBe('job:12');
    expect(key('/portal/job/list/my/view/12/logg')).toBe('job:12');
    expect(key('/job/view/12/general')).toBe('job:12');
    expect(key('/portal/job/view/12/logg')).toBe('job:12');
    expect(key('/job/list/my', '?jobId=12')).toBe('job:12');
    expect(key('/customer/3/jobs/12')).toBe('job:12');
    expect(key('/search-results/12')).toBe('job:12');
  });

  it('names customers and machines, a machine shown inside its customer as the machine', () => {
    expect(key('/customer/3/details')).toBe('customer:3');
    expect(key('/customer/3')).toBe('customer:3');
    expect(key('/customer/machine-list/7/info')).toBe('machine:7');
    expect(key('/customer/3/machines/7')).toBe('machine:7');
  });

  it("names the planner's day from its date, today without one", () => {
    expect(key('/planner', '?date=2026-11-30')).toBe('planner:2026-11-30');
    expect(key('/planner/15')).toBe(`planner:${today}`);
    expect(key('/planner', '?date=junk')).toBe(`planner:${today}`);
  });

  it('gives no record for lists, admin pages and junk', () => {
    expect(key('/job/list/my')).toBeNull();
    expect(key('/customer/list')).toBeNull();
    expect(key('/admin/job-statuses')).toBeNull();
    expect(key('/job/view/abc')).toBeNull();
    expect(key('/job/view/0')).toBeNull();
    expect(key('/job/list/my', '?jobId=-4')).toBeNull();
    expect(key('/job/view/99999999999999999999')).toBeNull();
    expect(key('')).toBeNull();
  });
});
