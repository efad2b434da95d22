/**
 * What other modules may use of work-days/ (decision 076): they import this file, never its repository.
 */
export { approvals, lockUser } from './work-days.repository.ts';
