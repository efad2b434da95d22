import { describe, expect, it } from 'vitest';
import { usersPolicy } from '../../src/modules/users/users.policy.ts';

const types = [1, 2, 3, 4, 5, 6];
const actor = (userTypeId: number, id = 1) => ({ id, userTypeId });
const company = { departmentId: 3, customerId: 7, partnerCompanyId: 9 };

describe('what may be done to user accounts (001 §6)', () => {
  it('lets Admins manage every account, Technicians and Subcontractors customer accounts only', () => {
    expect(types.filter((t) => usersPolicy.mayManage(actor(1), t))).toEqual(types);
    expect(types.filter((t) => usersPolicy.mayManage(actor(2), t))).toEqual([4, 6]);
    expect(types.filter((t) => usersPolicy.mayManage(actor(3), t))).toEqual([4, 6]);
  });
  it('lets staff read any account, everybody else only their own', () => {
    expect(types.filter((t) => usersPolicy.mayRead(actor(t, 1), 2))).toEqual([1, 2, 3]);
    expect(types.every((t) => usersPolicy.mayRead(actor(t, 2), 2))).toBe(true);
  });
  it('lets nobody switch their own account off', () => {
    expect(usersPolicy.maySwitch(actor(1, 5), 5, false)).toBe(false);
    expect(usersPolicy.maySwitch(actor(1, 5), 6, false)).toBe(true);
    expect(usersPolicy.maySwitch(actor(1, 5), 5, true)).toBe(true);
  });
  it('keeps a customer on customer accounts and a partner company on partner accounts only', () => {
    expect(usersPolicy.companyOf(2, company)).toEqual({
      departmentId: 3,
      customerId: null,
      partnerCompanyId: null,
    });
    expect(usersPolicy.companyOf(4, company)).toEqual({
      departmentId: 3,
      customerId: 7,
      partnerCompanyId: null,
    });
    expect(usersPolicy.companyOf(5, company)).toEqual({
      departmentId: 3,
      customerId: null,
      partnerCompanyId: 9,
    });
  });
  it('names the company field an account lacks', () => {
    const none = { departmentId: null, customerId: null, partnerCompanyId: null };
    expect(types.map((t) => usersPolicy.missingCompany(t, none))).toEqual([
      null,
      null,
      null,
      'CustomerId',
      'PartnerCompanyId',
      'CustomerId',
    ]);
    expect(usersPolicy.missingCompany(6, company)).toBeNull();
  });
  it('ends the sessions when the type, customer or partner company changes, not the department', () => {
    const before = { userTypeId: 4, ...company };
    expect(usersPolicy.endsSessions(before, { ...before, departmentId: 4 })).toBe(false);
    expect(usersPolicy.endsSessions(before, { ...before, userTypeId: 6 })).toBe(true);
    expect(usersPolicy.endsSessions(before, { ...before, customerId: 8 })).toBe(true);
    expect(usersPolicy.endsSessions(before, { ...before, partnerCompanyId: null })).toBe(true);
  });
});
