import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { activateLanguage, preferredLanguage } from './i18n';
import { handlePreloadErrors } from './lib/chunk-reload';

// After a deploy, a chunk of the old build is gone: reload once onto the new one.
handlePreloadErrors();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const render = () =>
  createRoot(container).render(
    <StrictMode>
      <AppProvider />
    </StrictMode>,
  );

// English needs no catalogue; Hindi's loads first (on demand), and English shows if it fails.
const language = preferredLanguage();
if (language === 'en') render();
else
  void activateLanguage(language)
    .catch(() => undefined)
    .finally(render);
