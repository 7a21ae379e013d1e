import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppProviders } from './app/providers';
import { i18nReady } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
// The first screen renders in the visitor's language, never as bare keys.
void i18nReady.finally(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <App />
      </AppProviders>
    </StrictMode>,
  );
});
