import { RootLayout } from './RootLayout.tsx';

/**
 * The app's routes: the session decides first (sign-in, pre-loading or the signed-in app); the
 * signed-in app renders the route table (SignedInApp, a chunk of its own). A declarative router
 * (BrowserRouter + useRoutes) keeps the router's data layer, which the app does not use (TanStack
 * Query loads data), out of the first paint.
 */
export function AppRoutes() {
  return <RootLayout />;
}

/** The base path the server put in <base href> (e.g. /portal), without a trailing slash. */
export function basename(): string {
  const path = new URL(document.baseURI).pathname.replace(/\/+$/, '');
  return path || '/';
}
