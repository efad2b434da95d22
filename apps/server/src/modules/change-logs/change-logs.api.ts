/**
 * What other modules may use of change-logs/ (decision 076): they import this file, never its repositories.
 */
export { insertChangeLog, type LoggedChange, type NewChangeLog } from './change-logs.repository.ts';
