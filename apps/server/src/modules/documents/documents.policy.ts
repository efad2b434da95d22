import { isCustomerType, isStaff, UserType } from '@fieldport/contract';

type Reader = { userTypeId: number };

/**
 * Who sees which documents (002 §7.8, spec README), on top of the record's own scope: customer users
 * only those published to customers; partners those too, and every document of a job of their own
 * partner company (the job scope keeps other jobs out). Anything else is simply not found.
 */
export const documentsPolicy = {
  /** Whether the user sees only published documents of a record of this class. */
  seesPublishedOnly: (user: Reader, entityClass: string) =>
    isCustomerType(user.userTypeId) || (user.userTypeId === UserType.Partner && entityClass !== 'Job'),

  /** Whether the document itself may be shown to the user (the record's scope is asked apart). */
  maySee: (user: Reader, doc: { publishToCustomer: boolean; entityClass: string }) =>
    doc.publishToCustomer || !documentsPolicy.seesPublishedOnly(user, doc.entityClass),

  /** Reference data (models, types, suppliers): staff and partners read every record, customer users what their machines use. */
  referenceThroughOwnMachines: (user: Reader) => isCustomerType(user.userTypeId),

  /** Articles' documents are the staff's alone, like the articles (purchase prices, stock). */
  seesArticles: (user: Reader) => isStaff(user.userTypeId),
} as const;
