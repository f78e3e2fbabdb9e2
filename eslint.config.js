// One lint setup for the workspace: typescript-eslint's recommended rules, React hooks rules
// for the web app, and process.env read only in the server's config module and in tooling.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Server modules meet through their index.ts: no import of another module's own files, whether
// from a sibling module ('../cart/service') or from outside ('./modules/cart/service').
const serverModuleInternals = [
  {
    regex: '(^|/)modules/[^/]+/(?!index$)',
    message: "Import a server module through its index.ts ('./modules/cart').",
  },
];
const siblingModuleInternals = [
  { regex: '^\\.\\./[^./][^/]*/(?!index$)', message: "Import another server module through its index.ts ('../cart')." },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-*/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      'bench/results/**',
      '.e2e-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Type-checked rules that catch real mistakes: a promise nobody awaits or catches (an error that
    // vanishes, a write that races the answer), a promise where a callback's result is ignored
    // (an async onClick, an async forEach), and awaiting something that is not a promise.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        project: [
          './packages/shared/tsconfig.json',
          './apps/server/tsconfig.json',
          './apps/web/tsconfig.json',
          './bench/tsconfig.json',
          './tsconfig.tools.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // One-way imports in the web app (docs/architecture.md, web app): shared code -> features -> app.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // Out of the feature's own folder only into the shared layers (../../api, config, lib, shop, store,
              // ui): '../other/x', '../../features/other/x' and './../other/x' are all refused.
              regex: '^(?!\\.\\./\\.\\./(?:api|config|lib|shop|store|ui)(?:/(?!.*\\.\\.).*)?$).*(?:^|/)\\.\\.(?:/|$)',
              message: 'Features do not import each other: move what both need to shop/, ui/, lib/ or packages/shared.',
            },
            { group: ['**/admin/**'], message: 'The storefront never imports the lazily loaded admin area.' },
          ],
        },
      ],
    },
  },
  {
    // The admin area uses the shared web code (api, config, lib, shop, store, ui) and its own files,
    // never a storefront screen.
    files: ['apps/web/src/admin/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(?:^|/)features(?:/|$)',
              message: 'The admin area does not import storefront features: move what both need to shop/, ui/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/{api,config,lib,shop,store}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/admin/**'],
              message: 'Shared code does not depend on features or the admin area.',
            },
          ],
        },
      ],
    },
  },
  {
    // ui/ holds the interface primitives: they know nothing of the shop, its data or its state.
    files: ['apps/web/src/ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/admin/**', '**/shop/**', '**/api/**', '**/store/**', '**/store'],
              message: 'ui/ holds interface primitives: no shop widgets, data layer, store, features or admin.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/config.ts only.' },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverModuleInternals }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...serverModuleInternals, ...siblingModuleInternals] }] },
  },
  {
    // Each module owns its data (docs/development.md#where-a-query-goes): only its store (store.ts, or the files under
    // store/) imports drizzle, the schema, the database's value exports and the statement helpers; services keep the
    // rules and call their store, handing it a transaction where they hold one (a type import of db/client names it).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: [
      // Tests and their helpers set up and check rows directly.
      '**/*.test.ts',
      'apps/server/src/modules/*/test-support.ts',
      'apps/server/src/modules/*/store.ts',
      'apps/server/src/modules/*/store/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^drizzle-orm(/|$)', message: "Queries live in the module's store (store.ts or store/)." },
            {
              regex: '(^|/)(db/schema|lib/raw-rows|lib/capped-count)(/|$)',
              message:
                "Tables and statement helpers are used in the module's store only: export what the service needs from it.",
            },
            {
              regex: '(^|/)db/(?!client$|schema(/|$))',
              message: "The database is used in the module's store only.",
            },
            {
              regex: '(^|/)db/client$',
              allowTypeImports: true,
              message: "The database is used in the module's store only (a type import of a transaction is fine).",
            },
          ],
        },
      ],
    },
  },
  {
    // payments -> orders, never back: a cancellation asks for refunds through ctx.refunds.
    files: ['apps/server/src/modules/orders/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...serverModuleInternals,
            ...siblingModuleInternals,
            { regex: '(^|/)payments(/|$)', message: 'Orders never imports payments: use ctx.refunds.' },
          ],
        },
      ],
    },
  },
);
