import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
