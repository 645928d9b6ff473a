import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { activateLanguage } from '../src/i18n';

// findBy… and waitFor give up after this long: a guard against a hang, not a measure of speed.
// Testing Library's 1 s default failed a test now and then with three test files on two cores.
configure({ asyncUtilTimeout: 5000 });

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
