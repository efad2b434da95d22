import { describe, expect, it } from 'vitest';
import { jobPolicy } from '../../src/modules/jobs/job-record.policy.ts';

const ids = [10, 20, 49, 50, 60, 69, 70, 100, 110];
const job = (jobStatusId: number) => ({ jobStatusId });
const which = (rule: (j: { jobStatusId: number }) => boolean) => ids.filter((id) => rule(job(id)));

describe('what may be done to a job by its status (000 §4)', () => {
  it('changes, and deletes, a job below 70 only', () => {
    expect(which(jobPolicy.mayChange)).toEqual([10, 20, 49, 50, 60, 69]);
    expect(which(jobPolicy.mayDelete)).toEqual([10, 20, 49, 50, 60, 69]);
  });
  it('completes below 50 and approves from 50 to 69', () => {
    expect(which(jobPolicy.mayComplete)).toEqual([10, 20, 49]);
    expect(which(jobPolicy.mayApprove)).toEqual([50, 60, 69]);
  });
  it('sets statuses below 70 only: approving (70) and deleting (110) have their own calls', () => {
    expect(ids.filter(jobPolicy.maySetStatus)).toEqual([10, 20, 49, 50, 60, 69]);
    expect(jobPolicy.approvedStatus).toBe(70);
    expect(jobPolicy.deletedStatus).toBe(110);
  });
  it('counts only a deleted sub-job as gone', () => {
    expect(which(jobPolicy.isGone)).toEqual([110]);
  });
  it('swaps the customer of a job with machine jobs only when confirmed (they are all removed)', () => {
    expect(jobPolicy.maySwapCustomer(0, false)).toBe(true);
    expect(jobPolicy.maySwapCustomer(3, false)).toBe(false);
    expect(jobPolicy.maySwapCustomer(3, true)).toBe(true);
  });
});
