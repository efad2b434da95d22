import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { i18nReady } from './i18n/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element');

// The stored language is loaded before the first paint, so no English flashes first.
void i18nReady.finally(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
