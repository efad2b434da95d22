import { lazy, Suspense, useEffect } from 'react';
// Direct imports: the feedback index also exports dialogs the sign-in page must not download.
import { FeedbackProvider } from '../components/feedback/FeedbackProvider.tsx';
import { PageLoading } from '../components/feedback/PageLoading.tsx';
import { PreloadScreen } from '../components/feedback/PreloadScreen.tsx';
import { loadSignInPage } from '../features/auth/load-sign-in-page.ts';
import { loadNamespaces, SIGNED_IN_NAMESPACES } from '../i18n/index.ts';
import { SessionProvider, useSession } from '../lib/session.tsx';
import { PRELOAD_TASKS } from './preload.ts';
import { RootQueryClient } from './QueryCache.tsx';

/** The signed-in app's code and its shell's translations, fetched together (pages load their own). */
const loadSignedInApp = () =>
  Promise.all([import('./SignedInApp.tsx'), loadNamespaces(SIGNED_IN_NAMESPACES)]).then(([app]) => app);
const SignedInApp = lazy(loadSignedInApp);
// Its own chunk, so a stored session never downloads it; main.tsx starts it early for a visitor, and
// i18n its texts (auth, not bundled: a stored session's first paint does not need them).
const SignInPage = lazy(() =>
  Promise.all([loadSignInPage(), loadNamespaces(['auth'])]).then(([page]) => page),
);

// The QR label's public fault form (decision 070): a chunk of its own with the portal's texts.
const LabelReportPage = lazy(() =>
  Promise.all([import('../features/label-report/LabelReportPage.tsx'), loadNamespaces(['portal'])]).then(
    ([page]) => page,
  ),
);

// A job's public status page (decision 072): a chunk of its own with the portal's texts.
const StatusPage = lazy(() =>
  Promise.all([import('../features/status-page/StatusPage.tsx'), loadNamespaces(['portal'])]).then(
    ([page]) => page,
  ),
);

/** The token of a public `/{kind}/{token}` address (under the base path), if this is one. */
function publicTokenOf(kind: 'label' | 'status'): string | null {
  const base = new URL(document.baseURI).pathname.replace(/\/+$/, '');
  const path = window.location.pathname.slice(base.length);
  return new RegExp(`^/${kind}/([^/]+)/?$`).exec(path)?.[1] ?? null;
}

/**
 * The app's root: the root query client (the writes of the sign-in page and the feedback dialogs),
 * feedback and session providers, then sign-in, pre-loading or the signed-in app (with its own cache).
 */
export function RootLayout() {
  return (
    <RootQueryClient>
      <FeedbackProvider>
        <SessionProvider>
          <SessionGate />
        </SessionProvider>
      </FeedbackProvider>
    </RootQueryClient>
  );
}

function SessionGate() {
  // The session applies the user's language (UserInfo.Uiculture) when it loads the user info.
  const { status, info } = useSession();

  // A stored session: fetch the signed-in app's code while the user info loads.
  useEffect(() => {
    if (status !== 'signedOut') void loadSignedInApp();
  }, [status]);

  // The steps counted: the user info, the signed-in app's code, then each registered lookup.
  const total = PRELOAD_TASKS.length + 2;
  if (status === 'loading') return <PreloadScreen done={0} total={total} />;
  // A QR label's link opens its public form whoever is signed in (a customer user's goes on to the portal).
  const labelToken = publicTokenOf('label');
  if (labelToken)
    return (
      <Suspense fallback={<PageLoading />}>
        <LabelReportPage token={labelToken} />
      </Suspense>
    );
  // A job's status link opens its public page whoever is signed in (decision 072).
  const statusToken = publicTokenOf('status');
  if (statusToken)
    return (
      <Suspense fallback={<PageLoading />}>
        <StatusPage token={statusToken} />
      </Suspense>
    );
  // 001 §6: not logged in shows the login page, whatever the address.
  if (status === 'signedOut' || !info) {
    return (
      <Suspense fallback={<PageLoading />}>
        <SignInPage />
      </Suspense>
    );
  }
  // Keyed by user: another user's sign-in starts with a fresh query cache and pre-loading.
  return (
    <Suspense fallback={<PreloadScreen done={1} total={total} />}>
      <SignedInApp key={info.UserInfo.Id} />
    </Suspense>
  );
}
