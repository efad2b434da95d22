import { isCustomerType } from '@fieldport/contract';

type Reader = { userTypeId: number };

/**
 * Who sees which documents (002 §7.8), on top of the record's own scope: customer users only those
 * published to customers. Anything else is simply not found.
 */
export const documentsPolicy = {
  /** Customer users see only documents published to customers. */
  seesPublishedOnly: (user: Reader) => isCustomerType(user.userTypeId),

  /** Whether the document itself may be shown to the user (the record's scope is asked apart). */
  maySee: (user: Reader, doc: { publishToCustomer: boolean }) =>
    doc.publishToCustomer || !isCustomerType(user.userTypeId),

  /** Reference data (models, types, suppliers): staff and partners read all, customer users what their machines use. */
  referenceThroughOwnMachines: (user: Reader) => isCustomerType(user.userTypeId),
} as const;
