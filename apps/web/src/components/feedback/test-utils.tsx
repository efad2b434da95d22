import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import '../../i18n/index.ts';
import { FeedbackProvider } from './FeedbackProvider.tsx';

/** Test support: renders inside the feedback UI with the app's i18n (English). */
export function renderWithFeedback(ui: ReactNode) {
  return render(<FeedbackProvider>{ui}</FeedbackProvider>);
}
