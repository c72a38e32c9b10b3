import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { consoleLayers } from './eslint-rules/console-layers.js';
import { serverLayers } from './eslint-rules/server-layers.js';
import { serverScope } from './eslint-rules/server-scope.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, storedesk: { rules: { 'console-layers': consoleLayers } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'storedesk/console-layers': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@storedesk/server', '**/apps/server/**'],
              message: 'The console talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The customer app, the delivery app and what the browser apps share: React's rules, and the server only over HTTP.
    files: ['apps/storefront/**/*.{ts,tsx}', 'apps/delivery/**/*.{ts,tsx}', 'packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@storedesk/server', '**/apps/server/**', '@storedesk/console', '**/apps/console/**'],
              message: 'The apps talk to the server over HTTP only, and share code through packages/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@storedesk/server', '@storedesk/console'],
              message: 'shared imports nothing from apps/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/architecture.md): routes → services → repositories → db, modules
    // through each other's services, infrastructure importing no module, and `#server/…` imports.
    files: ['apps/server/**/*.ts'],
    plugins: { 'storedesk-server': { rules: { layers: serverLayers } } },
    rules: { 'storedesk-server/layers': 'error' },
  },
  {
    // The server's one scope layer (ADR 0034): no scope condition but lib/scope.ts's, and no UPDATE
    // or DELETE without one (or the acrossBusinesses marker of a deliberate exception, with its reason).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { 'storedesk-scope': { rules: { 'server-scope': serverScope } } },
    rules: { 'storedesk-scope/server-scope': 'error' },
  },
);
