import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { handlePreloadErrors } from './lib/chunk-reload';

// After a deploy, a chunk of the old build is gone: reload once onto the new one.
handlePreloadErrors();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider />
  </StrictMode>,
);
