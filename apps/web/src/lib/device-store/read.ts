import { deviceStoreOwner } from './active.ts';

/**
 * The screens' read through the device store (decision 094), the small part their chunks carry: with
 * a store (a signed-in staff user), the read goes through state.ts (loaded on first use): online the
 * server's answer, kept on the device when `keep` or when the device keeps that record already; when
 * the server cannot be reached, the kept answer and its "as of". Without one, the plain read.
 */
export async function readThrough<T>(
  key: string,
  read: () => Promise<T>,
  options: { keep?: boolean } = {},
): Promise<T> {
  if (!deviceStoreOwner() || typeof indexedDB === 'undefined') return read();
  const state = await import('./state.ts');
  return state.readThrough(key, read, options);
}
