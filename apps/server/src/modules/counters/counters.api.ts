/**
 * What other modules may use of counters/ (decision 076): they import this file, never its repositories.
 */
export { findCounter } from './counters.repository.ts';
