import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { ThemeModeProvider } from '../theme/ThemeModeProvider.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppRoutes, basename } from './router.tsx';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

/**
 * The application: theme, query cache and the router. Feedback and session providers sit in the
 * router's root element (see RootLayout) so they can use the router.
 */
export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeModeProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter basename={basename()}>
          <ErrorBoundary>
            <AppRoutes />
          </ErrorBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </ThemeModeProvider>
  );
}
