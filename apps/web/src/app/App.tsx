import { BrowserRouter } from 'react-router';
import { ThemeModeProvider } from '../theme/ThemeModeProvider.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes, basename } from './router.tsx';

/**
 * The application: theme and router. Feedback and session providers sit in RootLayout; the query
 * cache and the route table belong to the signed-in part (SignedInApp), which the sign-in page never
 * downloads (decision 010).
 */
export function App() {
  return (
    <ThemeModeProvider>
      <BrowserRouter basename={basename()}>
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
    </ThemeModeProvider>
  );
}
