import { describe, expect, it } from 'vitest';
import { supportLogPolicy } from '../../src/modules/codes/support-log.policy.ts';

const user = (userTypeId: number, id = 1) => ({ id, userTypeId });

describe('who changes a support log note (§7.12)', () => {
  it('lets its author and Admins change it', () => {
    expect(supportLogPolicy.mayChange(user(2, 7), { createdBy: 7 })).toBe(true);
    expect(supportLogPolicy.mayChange(user(2, 7), { createdBy: 8 })).toBe(false);
    expect(supportLogPolicy.mayChange(user(1, 7), { createdBy: 8 })).toBe(true);
    expect(supportLogPolicy.mayChange(user(3, 7), { createdBy: null })).toBe(false);
  });
});
