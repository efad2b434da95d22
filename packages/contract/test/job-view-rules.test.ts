import { describe, expect, it } from 'vitest';
import { hasOrderOnJob, maySwapCustomer, swapCustomerNeedsConfirmation } from '../src/index.ts';

describe('swapping a job’s customer (000 §4)', () => {
  it('needs confirmation only while the job has machine sub-jobs', () => {
    expect(swapCustomerNeedsConfirmation(0)).toBe(false);
    expect(swapCustomerNeedsConfirmation(1)).toBe(true);
    expect(swapCustomerNeedsConfirmation(7)).toBe(true);
  });

  it('goes on without sub-jobs, or with them once confirmed', () => {
    expect(maySwapCustomer(0, false)).toBe(true);
    expect(maySwapCustomer(2, false)).toBe(false);
    expect(maySwapCustomer(2, true)).toBe(true);
  });
});

describe('the job view’s parts and invoice tabs (001 §2.8)', () => {
  it('are there for a job with an order that is not a parts job', () => {
    expect(hasOrderOnJob({ OrderId: '10001', JobTypeId: 1 })).toBe(true);
  });

  it('are disabled without an order, or for a parts job (type 3)', () => {
    expect(hasOrderOnJob({ OrderId: null, JobTypeId: 1 })).toBe(false);
    expect(hasOrderOnJob({ OrderId: '', JobTypeId: 1 })).toBe(false);
    expect(hasOrderOnJob({ OrderId: '10001', JobTypeId: 3 })).toBe(false);
  });
});
