import { lazy, type ReactNode, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { PageLoading } from '../components/feedback/PageLoading.tsx';
import { loadNamespaces, namespacesLoaded } from '../i18n/index.ts';
import { useDevice } from '../lib/device.ts';
import { checkRoute, pathFor, resolveRedirect } from '../lib/routing/access.ts';
import { useAccessContext } from '../lib/routing/hooks.ts';
import { getRoute, type RouteName } from '../lib/routing/routes.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { pageOf, textsOfRoute } from './route-pages.ts';

const HeaderCardsPage = lazy(() => import('./pages/HeaderCardsPage.tsx'));
const PlannedPage = lazy(() => import('./pages/PlannedPage.tsx'));
const LicenceRequiredPage = lazy(() => import('./pages/LicenceRequiredPage.tsx'));
const FeatureUnavailablePage = lazy(() => import('./pages/FeatureUnavailablePage.tsx'));
const NoAccessPage = lazy(() => import('./pages/NoAccessPage.tsx'));

/**
 * Shows one named route: its guards first (licence → licence-required page, feature or SaaS →
 * feature-unavailable page, user type → no-access page), then its redirect or its page. Routes
 * without a built page show the planned-construction page.
 */
export function RouteView({ name }: { name: RouteName }) {
  const { t } = useTranslation('routes');
  const route = getRoute(name);
  const ctx = useAccessContext();
  const params = useParams();
  const location = useLocation();
  const device = useDevice();
  if (!ctx) return null;
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoading />}>{content()}</Suspense>
    </ErrorBoundary>
  );

  function content(): ReactNode {
    if (!ctx) return null;
    const check = checkRoute(route, ctx);
    if (!check.ok) {
      switch (check.reason) {
        case 'licence':
          return <LicenceRequiredPage {...(check.at.licence ? { licence: check.at.licence } : {})} />;
        case 'feature':
        case 'saas':
          return <FeatureUnavailablePage reason={check.reason} />;
        case 'userType':
          return <NoAccessPage module={t(check.at.displayKey)} />;
      }
    }
    if (route.redirect) {
      const target = resolveRedirect(route, params, ctx, { compact: device !== 'desktop' });
      if (!target) return <PlannedPage routeKey={route.displayKey} />;
      // The query is kept (e.g. ?email= from logout on its way to the sign-in form).
      return (
        <Navigate to={`${pathFor(target.route, target.params)}${location.search}${location.hash}`} replace />
      );
    }
    const Page = pageOf(route.name);
    if (Page) {
      const namespaces = textsOfRoute(route.name);
      // Both start now: the texts' load here, the chunk's when Page renders; the boundary shows
      // the page when both are in.
      const texts = textsOf(namespaces);
      return (
        <>
          <Page />
          {texts ? <TextsReady texts={texts} /> : null}
        </>
      );
    }
    if (route.page === 'cards')
      return <HeaderCardsPage parent={route.cardsOf ?? route.name} self={route.name} />;
    return <PlannedPage routeKey={route.displayKey} />;
  }
}

/** One load per set of namespaces, kept for `use` (React needs the same promise on a retry). */
const textLoads = new Map<string, Promise<void>>();
function textsOf(namespaces: readonly string[]): Promise<void> | null {
  if (namespacesLoaded(namespaces)) return null;
  const key = namespaces.join(',');
  let load = textLoads.get(key);
  if (!load) {
    load = loadNamespaces(namespaces).finally(() => textLoads.delete(key));
    textLoads.set(key, load);
  }
  return load;
}

/** Suspends the page's boundary until its translations are loaded. */
function TextsReady({ texts }: { texts: Promise<void> }) {
  use(texts);
  return null;
}
