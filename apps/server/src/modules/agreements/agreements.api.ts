/**
 * What other modules may use of agreements/ (decision 076): they import this file, never its repositories.
 */
export { contractOfMachine } from './contracts.repository.ts';
export { refreshCounterDue, refreshNextDue, releaseCounterDue } from './next-due.repository.ts';
