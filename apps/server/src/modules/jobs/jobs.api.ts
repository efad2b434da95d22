/**
 * What other modules may use of jobs/ (decision 076): they import this file, never its repositories.
 */

export {
  findJob,
  findVisibleJob,
  insertJob,
  type JobRow,
  nextOrderNumber,
  updateJob,
} from './job.repository.ts';
export { countJobs } from './job-counts.repository.ts';
export { existingIds } from './job-references.repository.ts';
