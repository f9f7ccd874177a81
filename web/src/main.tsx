import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { browserLanguage, loadDictionary } from './shared/i18n';

const language = browserLanguage();

// The first screen's language is loaded before the first render, so that no
// frame shows untranslated keys.
void loadDictionary(language).then((dictionary) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders language={language} dictionaries={{ [language]: dictionary }}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  ),
);
