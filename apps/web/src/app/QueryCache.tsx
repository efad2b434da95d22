import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import { readRetryDelay, retryRead } from '../lib/api/read-retry.ts';

/** The clients made by `RootQueryClient`: the signed-in app makes its own below one of them. */
const rootClients = new WeakSet<QueryClient>();

/**
 * The client above the session (decision 020): the writes of what renders before sign-in or above
 * the signed-in app (the sign-in and recovery forms, the support ticket) go through `useMutation` on
 * it. It holds no user's reads: those live in the signed-in app's own cache (`QueryCache`). A client
 * given above it (tests give one without retries) is used instead.
 */
export function RootQueryClient({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  const [own] = useState(() => {
    if (given) return null;
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    rootClients.add(client);
    return client;
  });
  if (!own) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: retryRead,
        retryDelay: readRetryDelay,
      },
    },
  });
}

/**
 * The signed-in user's query cache. It lives as long as the signed-in app is shown (which is keyed by
 * the user), so signing out or another user's sign-in drops every cached answer. A client given above
 * it (tests give one without retries) is used instead; the root's own client (`RootQueryClient`) is not.
 */
export function QueryCache({ children }: { children: ReactNode }) {
  const above = useContext(QueryClientContext);
  const given = above && !rootClients.has(above) ? above : null;
  const [own] = useState(() => (given ? null : createQueryClient()));
  useEffect(() => (own ? () => own.clear() : undefined), [own]);
  if (!own) return <>{children}</>;
  return <QueryClientProvider client={own}>{children}</QueryClientProvider>;
}
