/**
 * What other modules may use of customers/ (decision 076): they import this file, never its repositories.
 */
export { insertAddress, insertContact } from './addresses.repository.ts';
export { insertCustomer, nextCustomerNumber, updateCustomer } from './customers.repository.ts';
