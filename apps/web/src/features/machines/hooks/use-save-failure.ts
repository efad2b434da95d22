import { useState } from 'react';
import { ApiError, isCancelled } from '../../../lib/api/client.ts';

/**
 * The failure of a dialog's one change: `run` clears it, runs the mutation and keeps the server's
 * message (or `fallback`) when it is refused, so the dialog stays open with it (002 §8).
 */
export function useSaveFailure(fallback: string) {
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (save: () => Promise<void>) => {
    setFailure(null);
    try {
      await save();
    } catch (err) {
      if (isCancelled(err)) return;
      setFailure((err instanceof ApiError && err.body?.Message) || fallback);
    }
  };
  return { failure, clear: () => setFailure(null), run };
}
