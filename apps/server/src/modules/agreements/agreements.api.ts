/**
 * What other modules may use of agreements/ (decision 076): they import this file, never its repositories.
 * The app factory hands the machines module the contract covering a machine (decision 096).
 */
export { contractOfMachine } from './contracts.repository.ts';
