import { randomBytes } from 'node:crypto';

/**
 * A machine's new label token (decision 070): 256 random bits as 64 hex characters, the form the
 * column's default gives new machines. Nothing of the machine or its customer is in it.
 */
export const newLabelToken = (): string => randomBytes(32).toString('hex');
