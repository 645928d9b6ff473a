import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const FEATURES = 'web/src/features';
const BOUNDARY =
  'A feature imports the shared layers (components/, hooks/, lib/, stores/, api/, i18n/, config/), ' +
  'never another feature: move what both use down into a shared layer (docs/contributing.md).';

/**
 * Feature boundaries with no-restricted-imports: a file N folders deep in features/<name>/ reaches
 * a sibling feature by climbing N + 1 folders, or through features/ from further up. The regexes
 * are written per feature and per depth, since the rule reads the import's text, not its target.
 */
function featureBoundaries() {
  const depths = fs
    .readdirSync(FEATURES, { recursive: true })
    .map((file) => String(file).split('/').length - 2);
  const deepest = Math.max(0, ...depths);
  return fs
    .readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap(({ name }) =>
      Array.from({ length: deepest + 1 }, (_, depth) => ({
        files: [`${FEATURES}/${name}/${'*/'.repeat(depth)}*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                { regex: `^(\\.\\./){${depth + 1}}(?!\\.|${name}(/|$))`, message: BOUNDARY },
                { regex: `^(\\.\\./)+(src/)?features/(?!${name}(/|$))`, message: BOUNDARY },
              ],
            },
          ],
        },
      })),
    );
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'artifacts/**',
      'reports/**',
      'realtime-server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Services return domain errors; HTTP statuses are chosen at the edge (docs/architecture.md).
    files: ['realtime-server/src/games/**/*.ts', 'realtime-server/src/**/*-service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/http/*'], message: 'games/ never imports http/.' }] },
      ],
    },
  },
  {
    // shared/ takes zod from shared/src/zod.ts, which configures it before any schema is built.
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Import z from './zod.ts' (it runs before any schema is built).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries(),
  {
    // The shared layers serve every feature and know none of them.
    files: ['web/src/{components,hooks,lib,stores,api,i18n,config}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(src/)?features(/|$)', message: BOUNDARY }] },
      ],
    },
  },
  {
    // Functions of one job: a screen's data and actions go into hooks, its parts into components.
    files: ['{realtime-server,web,shared}/src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'scripts/e2e/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 120, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // Tests read loosely typed JSON answers.
    files: ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
);
