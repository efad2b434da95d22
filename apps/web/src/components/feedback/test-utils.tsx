import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import '../../i18n/index.ts';
import { FeedbackProvider } from './FeedbackProvider.tsx';

/**
 * Test support: renders inside the feedback UI with the app's i18n (English), below a query client as
 * the root gives one (the support ticket writes through useMutation).
 */
export function renderWithFeedback(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>{ui}</FeedbackProvider>
    </QueryClientProvider>,
  );
}
