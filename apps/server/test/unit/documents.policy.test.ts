import { describe, expect, it } from 'vitest';
import { documentsPolicy } from '../../src/modules/documents/documents.policy.ts';

const types = [1, 2, 3, 4, 5, 6];
const user = (userTypeId: number, id = 1) => ({ id, userTypeId });

describe('who sees which documents (002 §7.8)', () => {
  it('shows customer users published documents only', () => {
    expect(types.filter((t) => documentsPolicy.seesPublishedOnly(user(t)))).toEqual([4, 6]);
    expect(types.filter((t) => documentsPolicy.maySee(user(t), { publishToCustomer: false }))).toEqual([
      1, 2, 3, 5,
    ]);
    expect(types.every((t) => documentsPolicy.maySee(user(t), { publishToCustomer: true }))).toBe(true);
  });
  it('lets customer users read reference data through their own machines only', () => {
    expect(types.filter((t) => documentsPolicy.referenceThroughOwnMachines(user(t)))).toEqual([4, 6]);
  });
});
