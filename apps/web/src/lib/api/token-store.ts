/**
 * The signed-in session's tokens, kept in localStorage (002 §9) so that every tab shares one session.
 * A change made in another tab arrives through the 'storage' event: signing out there signs out here.
 */
export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

/** Where a change came from: this tab, or another tab of the same site. */
type TokenChangeSource = 'local' | 'remote';
export type TokenListener = (tokens: Tokens | null, source: TokenChangeSource) => void;

const TOKEN_STORAGE_KEY = 'fp.tokens';

const listeners = new Set<TokenListener>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser
  }
}

function parse(raw: string | null): Tokens | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Tokens>;
    return typeof v.accessToken === 'string' && typeof v.refreshToken === 'string'
      ? { accessToken: v.accessToken, refreshToken: v.refreshToken }
      : null;
  } catch {
    return null;
  }
}

export function getTokens(): Tokens | null {
  return parse(storage()?.getItem(TOKEN_STORAGE_KEY) ?? null);
}

/** Stores new tokens, or clears them with null (sign-out), and tells this tab's listeners. */
export function setTokens(tokens: Tokens | null): void {
  const s = storage();
  if (tokens) s?.setItem(TOKEN_STORAGE_KEY, JSON.stringify(tokens));
  else s?.removeItem(TOKEN_STORAGE_KEY);
  for (const l of [...listeners]) l(tokens, 'local');
}

export const clearTokens = (): void => setTokens(null);

function onStorage(e: StorageEvent): void {
  if (e.key !== TOKEN_STORAGE_KEY && e.key !== null) return; // null: the whole storage was cleared
  const tokens = parse(e.newValue ?? null);
  for (const l of [...listeners]) l(e.key === null ? null : tokens, 'remote');
}

/** Listens for token changes in this tab and in others; returns the unsubscribe function. */
export function subscribeTokens(listener: TokenListener): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined')
      window.removeEventListener('storage', onStorage);
  };
}
