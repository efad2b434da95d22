/**
 * What other modules may use of order-lines/ (decision 076): they import this file, never its repositories.
 */
export { findArticleByNumber, type LineRow, linesOfOrder, subJobsOfOrder } from './order-lines.repository.ts';
