import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
// Mantine's global styles; each component's own styles come with the chunk
// that uses it (mantineCssPerComponent in vite.config.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { loadDictionary, rememberedLanguage } from './shared/i18n';

const language = rememberedLanguage();

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
