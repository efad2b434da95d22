import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState } from 'react';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

/**
 * The signed-in user's query cache. It lives as long as the signed-in app is shown (which is keyed by
 * the user), so signing out or another user's sign-in drops every cached answer. A client given above
 * it (tests give one without retries) is used instead.
 */
export function QueryCache({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  const [own] = useState(() => (given ? null : createQueryClient()));
  useEffect(() => (own ? () => own.clear() : undefined), [own]);
  if (!own) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
