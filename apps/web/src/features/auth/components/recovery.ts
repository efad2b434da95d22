import { loadNamespaces } from '../../../i18n/index.ts';

/**
 * Fetches the forgotten-password steps' chunk with the translations only they use; the login form calls
 * it early, as a hint.
 */
export const loadRecoveryStep = () =>
  Promise.all([import('./RecoveryStep.tsx'), loadNamespaces(['validation'])]).then(([step]) => step);
