import { describe, expect, it } from 'vitest';
import { tasksPolicy } from '../../src/modules/tasks/tasks.policy.ts';

const types = [1, 2, 3, 4, 5, 6];
const user = (userTypeId: number, id = 1) => ({ id, userTypeId });

describe('whose tasks a user sees and handles (002 §7.19)', () => {
  it('shows the Admin every task, everybody else their own', () => {
    expect(types.filter((t) => tasksPolicy.seesAll(user(t)))).toEqual([1]);
    expect(tasksPolicy.mayHandle(user(2, 7), { createdBy: 7 })).toBe(true);
    expect(tasksPolicy.mayHandle(user(2, 7), { createdBy: 8 })).toBe(false);
    expect(tasksPolicy.mayHandle(user(1, 7), { createdBy: null })).toBe(true);
  });
});
