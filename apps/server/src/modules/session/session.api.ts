/**
 * What other modules may use of session/ (decision 076): they import this file, never its repositories.
 */
export { clearAccountFailures, isFamilyRevoked, revokeAllOfUser } from './session.repository.ts';
export { findUserByEmail, findUserById, setPassword } from './users.repository.ts';
