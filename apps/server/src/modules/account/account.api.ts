/**
 * What other modules may use of account/ (decision 076): they import this file, never its repository.
 */
export { findAccount } from './account.repository.ts';
