import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { loadSignInPage } from './features/auth/load-sign-in-page.ts';
import { i18nReady } from './i18n/index.ts';
import { getTokens } from './lib/api/token-store.ts';
import { registerServiceWorker } from './lib/service-worker.ts';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// A visitor without a stored session sees the sign-in page first: fetch its chunk alongside the
// translations instead of after the first render (a stored session never downloads it).
if (!getTokens()) void loadSignInPage();

// The stored language is loaded before the first paint, so no English flashes first.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// The offline app's worker, after the first paint (decision 071).
registerServiceWorker();
