/**
 * What other modules may use of jobs/ (decision 076): they import this file, never its repositories.
 */

export { countJobs } from './job-counts.repository.ts';
export {
  findJob,
  findVisibleJob,
  insertJob,
  type JobRow,
  nextOrderNumber,
  updateJob,
} from './job-record.repository.ts';
export { existingIds } from './job-references.repository.ts';
