/**
 * What other modules may use of stock/ (decision 076): they import this file, never its repositories.
 */
export { moveStock, StockReason } from './stock.repository.ts';
