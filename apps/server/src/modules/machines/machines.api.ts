/**
 * What other modules may use of machines/ (decision 076): they import this file, never its repositories.
 */
export { findCustomerRef, findMachine } from './machines.repository.ts';
