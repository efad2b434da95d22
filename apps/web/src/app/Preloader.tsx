import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { PreloadScreen } from '../components/feedback/PreloadScreen.tsx';
import { useSession } from '../lib/session.tsx';
import { PRELOAD_TASKS } from './preload.ts';

/**
 * Runs the registered lookups once per sign-in, showing 'n of m done' until they settle. The steps
 * counted are the user info and the signed-in app's code (both done by now), then each lookup.
 */
export function Preloader({ children }: { children: ReactNode }) {
  const { info } = useSession();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(0);
  const started = useRef(false);
  const tasks = PRELOAD_TASKS.length;

  useEffect(() => {
    if (started.current || !info) return;
    started.current = true;
    for (const task of PRELOAD_TASKS) {
      task
        .load({ info, queryClient })
        .catch((error: unknown) => console.error(`Preload ${task.key} failed`, error))
        .finally(() => setDone((n) => n + 1));
    }
  }, [info, queryClient]);

  if (done < tasks) return <PreloadScreen done={done + 2} total={tasks + 2} />;
  return <>{children}</>;
}
