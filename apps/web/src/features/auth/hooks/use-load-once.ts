import { useEffect, useRef, useState } from 'react';
import { isCancelled } from '../../../lib/api/client.ts';

/** As TanStack Query waits before its first retry. */
const RETRY_DELAY_MS = 1_000;

/**
 * Loads something once when the component mounts, retrying `retries` times after a second; cancelled
 * on unmount. The sign-in page's public look-ups use this instead of TanStack Query, which is then
 * downloaded only after sign-in (decision 010).
 */
export function useLoadOnce<T>(
  load: (signal: AbortSignal) => Promise<T>,
  retries = 0,
): { data: T | undefined; failed: boolean } {
  const [state, setState] = useState<{ data: T | undefined; failed: boolean }>({
    data: undefined,
    failed: false,
  });
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const attempt = async (left: number): Promise<void> => {
      try {
        const data = await loadRef.current(ctrl.signal);
        if (!ctrl.signal.aborted) setState({ data, failed: false });
      } catch (err) {
        if (ctrl.signal.aborted || isCancelled(err)) return;
        if (left > 0) timer = setTimeout(() => void attempt(left - 1), RETRY_DELAY_MS);
        else setState({ data: undefined, failed: true });
      }
    };
    void attempt(retries);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [retries]);

  return state;
}
