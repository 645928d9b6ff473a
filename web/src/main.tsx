import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { preloadScreens } from './app/router';
import { activateLanguage, preferredLanguage, type Language } from './i18n';
import { handlePreloadErrors } from './lib/chunk-reload';
import { getAccessToken, getRefreshToken } from './lib/tokens';
import { watchTypedFields } from './lib/typed-before-hydration';
import { useAppStore } from './stores/app-store';

// After a deploy, a chunk of the old build is gone: reload once onto the new one.
handlePreloadErrors();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const container: HTMLElement = root;
// A visitor may type into the served page until the app takes it over: kept for the screen.
watchTypedFields(container);

/**
 * Whether this visitor's first render draws exactly the page's prerendered markup (web/build/
 * prerender.ts): English, and for a page drawn for a newcomer, nothing stored of a session or a
 * game. Otherwise the app renders over the markup (it stays on screen until then).
 */
function drawsPrerendered(root: HTMLElement, language: Language): boolean {
  const drawnFor = root.dataset.drawnFor;
  if (language !== 'en' || !root.firstChild) return false;
  if (drawnFor === 'anyone') return true;
  const { user, game } = useAppStore.getState();
  return drawnFor === 'newcomer' && !getAccessToken() && !getRefreshToken() && !user && !game;
}

const app = (
  <StrictMode>
    <AppProvider />
  </StrictMode>
);

// In a transition, React renders (or hydrates) in slices that yield to the browser between them,
// instead of one long task that would hold off a tap.
async function render(language: Language): Promise<void> {
  // A screen that fails to load shows the error boundary's page once rendered.
  await preloadScreens(window.location.pathname).catch(() => undefined);
  startTransition(() => {
    if (drawsPrerendered(container, language)) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
}

// English needs no catalogue; Hindi's loads first (on demand), and English shows if it fails.
const language = preferredLanguage();
void (language === 'en'
  ? render('en')
  : activateLanguage(language).then(
      () => render(language),
      () => render('en'),
    ));
