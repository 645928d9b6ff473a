import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { activateLanguage } from '../src/i18n';

afterEach(async () => {
  cleanup();
  localStorage.clear();
  // A test that switched to Hindi leaves the next one in English.
  await activateLanguage('en');
});

// Modules the app loads after its first render (React.lazy): loaded once here, so a test's
// first toast or help menu does not wait for a cold module transform.
await Promise.all([
  import('../src/components/ui/toast-host'),
  import('../src/features/help/components/help-menu-popup'),
]);
