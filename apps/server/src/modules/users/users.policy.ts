import {
  isStaff,
  keepsCustomer,
  keepsPartnerCompany,
  mayDeactivate,
  mayManageUserType,
} from '@fieldport/contract';

/** Who does something to an account: the signed-in user's id and type. */
type Actor = { id: number; userTypeId: number };
type Company = { departmentId: number | null; customerId: number | null; partnerCompanyId: number | null };

/**
 * What may be done to user accounts. The rules the web shows too are the contract's
 * (`rules/user-accounts.ts`); the users service asks them here and turns a no into its refusal.
 */
export const usersPolicy = {
  /** Admins manage every account, other staff customer accounts only. */
  mayManage: (actor: Actor, accountTypeId: number) => mayManageUserType(actor.userTypeId, accountTypeId),

  /** Staff may read any account, everybody else only their own. */
  mayRead: (actor: Actor, accountId: number) => isStaff(actor.userTypeId) || actor.id === accountId,

  /** Nobody switches their own account off (switching it on again is left to others anyway). */
  maySwitch: (actor: Actor, accountId: number, nextActive: boolean) =>
    nextActive || mayDeactivate(actor.id, accountId),

  /** The company fields an account of this type keeps: a customer for customer accounts, a partner company for partners. */
  companyOf: (
    typeId: number,
    v: { departmentId: number | null; customerId: number | null; partnerCompanyId: number | null },
  ): Company => ({
    departmentId: v.departmentId,
    customerId: keepsCustomer(typeId) ? v.customerId : null,
    partnerCompanyId: keepsPartnerCompany(typeId) ? v.partnerCompanyId : null,
  }),

  /** The company field an account of this type lacks, or null: customer accounts need a customer, partners a company. */
  missingCompany: (typeId: number, company: Company): 'CustomerId' | 'PartnerCompanyId' | null => {
    if (keepsCustomer(typeId) && !company.customerId) return 'CustomerId';
    if (keepsPartnerCompany(typeId) && !company.partnerCompanyId) return 'PartnerCompanyId';
    return null;
  },

  /** A new type or company changes what the user may see: the old sessions must not keep the old view. */
  endsSessions: (before: Company & { userTypeId: number }, after: Company & { userTypeId: number }) =>
    before.userTypeId !== after.userTypeId ||
    before.customerId !== after.customerId ||
    before.partnerCompanyId !== after.partnerCompanyId,
} as const;
