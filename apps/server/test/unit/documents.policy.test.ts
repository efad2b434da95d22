import { describe, expect, it } from 'vitest';
import { documentsPolicy } from '../../src/modules/documents/documents.policy.ts';

const types = [1, 2, 3, 4, 5, 6];
const user = (userTypeId: number, id = 1) => ({ id, userTypeId });
const unpublished = (entityClass: string) => ({ publishToCustomer: false, entityClass });

describe('who sees which documents (002 §7.8, spec README)', () => {
  it('shows customer users published documents only, and partners too except on jobs', () => {
    for (const cls of ['Customer', 'Machine', 'MachineModel'])
      expect(
        types.filter((t) => documentsPolicy.seesPublishedOnly(user(t), cls)),
        cls,
      ).toEqual([4, 5, 6]);
    expect(types.filter((t) => documentsPolicy.seesPublishedOnly(user(t), 'Job'))).toEqual([4, 6]);
    expect(types.filter((t) => documentsPolicy.maySee(user(t), unpublished('Customer')))).toEqual([1, 2, 3]);
    expect(types.filter((t) => documentsPolicy.maySee(user(t), unpublished('Job')))).toEqual([1, 2, 3, 5]);
    for (const cls of ['Customer', 'Job'])
      expect(
        types.every((t) => documentsPolicy.maySee(user(t), { publishToCustomer: true, entityClass: cls })),
      ).toBe(true);
  });
  it('lets customer users read reference data through their own machines only', () => {
    expect(types.filter((t) => documentsPolicy.referenceThroughOwnMachines(user(t)))).toEqual([4, 6]);
  });

  it('shows articles’ documents to staff alone, like the articles', () => {
    expect(types.filter((t) => documentsPolicy.seesArticles(user(t)))).toEqual([1, 2, 3]);
  });
});
