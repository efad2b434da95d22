import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
// Direct imports: the feedback index also exports dialogs the sign-in page must not download.
import { FeedbackProvider } from '../components/feedback/FeedbackProvider.tsx';
import { PreloadScreen } from '../components/feedback/PreloadScreen.tsx';
import { SessionProvider, useSession } from '../features/auth/session.tsx';
import { PageLoading } from '../pages/PageLoading.tsx';
import { PRELOAD_TASKS } from './preload.ts';

const SignInPage = lazy(() => import('../features/auth/SignInPage.tsx'));
const loadSignedInLayout = () => import('./SignedInLayout.tsx');
const SignedInLayout = lazy(loadSignedInLayout);

/** The router's root element: feedback and session providers, then sign-in, pre-loading or the shell. */
export function RootLayout() {
  return (
    <FeedbackProvider>
      <SessionProvider>
        <SessionGate />
      </SessionProvider>
    </FeedbackProvider>
  );
}

function SessionGate() {
  // The session applies the user's language (UserInfo.Uiculture) when it loads the user info.
  const { status, info } = useSession();
  const total = PRELOAD_TASKS.length + 2;

  // A stored session: fetch the shell's code while the user info loads.
  useEffect(() => {
    if (status !== 'signedOut') void loadSignedInLayout();
  }, [status]);

  if (status === 'loading') return <PreloadScreen done={0} total={total} />;
  // 001 §6: not logged in shows the login page, whatever the address.
  if (status === 'signedOut' || !info) {
    return (
      <Suspense fallback={<PageLoading />}>
        <SignInPage />
      </Suspense>
    );
  }
  return (
    <Preloader key={info.UserInfo.Id} total={total}>
      <Suspense fallback={<PreloadScreen done={total - 1} total={total} />}>
        <SignedInLayout />
      </Suspense>
    </Preloader>
  );
}

/**
 * Runs the registered lookups once per sign-in, showing 'n of m done' until they settle. The steps
 * counted are the user info, each lookup, and the shell's code.
 */
function Preloader({ children, total }: { children: ReactNode; total: number }) {
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

  if (done < tasks) return <PreloadScreen done={done + 1} total={total} />;
  return <>{children}</>;
}
