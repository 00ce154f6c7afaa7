import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';

/** Only these files touch Electron; everything else runs, and is tested, under plain Node. */
const ELECTRON_SHELL = [
  'electron/main/index.ts',
  'electron/main/window.ts',
  'electron/main/app-protocol.ts',
  'electron/main/menu.ts',
  'electron/main/ipc/register.ts',
  'electron/preload/index.ts',
];

const noElectron = (who) => ({ name: 'electron', message: `${who} may not import electron.` });
const nodeBuiltins = { group: ['node:*'], message: 'shared/ and renderer/ run in the page too: no Node built-ins.' };

/** Import rules per layer (architecture.md): shared <- electron, shared <- renderer, never across. */
const layers = [
  {
    files: ['shared/**/*.{ts,tsx}'],
    paths: [noElectron('shared/')],
    patterns: [
      {
        group: ['**/electron/**', '**/renderer/**', '@main/*', '@test/*'],
        message: 'shared/ imports nothing from electron/ or renderer/.',
      },
      nodeBuiltins,
    ],
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    paths: [noElectron('renderer/')],
    patterns: [
      { group: ['**/electron/**', '@main/*'], message: 'renderer/ talks to main only through the preload API.' },
      { group: ['@test/*'], message: "The tests' helpers stay in the tests." },
      nodeBuiltins,
    ],
  },
  {
    // The renderer's calls to main go through its data layer: journal-feed/ (reads) and one calls
    // module per screen folder (actions.ts; app-actions.ts for the app's own hooks).
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/src/api.ts', 'renderer/src/journal-feed/**', '**/actions.ts', 'renderer/src/app-actions.ts'],
    paths: [noElectron('renderer/')],
    patterns: [
      { group: ['**/electron/**', '@main/*'], message: 'renderer/ talks to main only through the preload API.' },
      { group: ['@test/*'], message: "The tests' helpers stay in the tests." },
      {
        regex: '^(\\.{1,2}/)+api$',
        message:
          "Screens and components call main through their folder's actions.ts (calls.domain.verb), not the API itself.",
      },
      nodeBuiltins,
    ],
  },
  {
    files: ['electron/**/*.ts'],
    ignores: ELECTRON_SHELL,
    paths: [noElectron('Code outside the thin Electron shell')],
    patterns: [
      { group: ['**/renderer/**'], message: 'electron/ never imports renderer/.' },
      {
        group: ['@test/*', '@main/*'],
        message: 'electron/ imports its own files by relative path; @test/ stays in the tests.',
      },
    ],
  },
  {
    files: ELECTRON_SHELL,
    paths: [],
    patterns: [{ group: ['**/renderer/**'], message: 'electron/ never imports renderer/.' }],
  },
];

/**
 * Layers inside the main process (architecture.md, "The store contract and its two stores"): the two stores never import each other,
 * the contract imports neither, and the journal sits below the sending engine and the service client.
 * Checked on resolved paths, so relative, type-only, re-export and dynamic imports all count.
 */
const JOURNAL = 'electron/main/journal';
const mainLayers = [
  {
    target: `${JOURNAL}/sqlite/**`,
    from: `${JOURNAL}/postgres/**`,
    message:
      'journal/sqlite/ never imports journal/postgres/: the two stores meet only in the journal contract and shared helpers.',
  },
  {
    target: `${JOURNAL}/postgres/**`,
    from: `${JOURNAL}/sqlite/**`,
    message:
      'journal/postgres/ never imports journal/sqlite/: the two stores meet only in the journal contract and shared helpers.',
  },
  {
    target: [`${JOURNAL}/store.ts`, `${JOURNAL}/errors.ts`],
    from: [`${JOURNAL}/sqlite/**`, `${JOURNAL}/postgres/**`],
    message:
      'The journal contract (journal/store.ts, journal/errors.ts) imports neither journal/sqlite/ nor journal/postgres/.',
  },
  {
    target: [
      'electron/cli/**',
      'electron/preload/**',
      'electron/sandbox/**',
      'electron/main/*.ts',
      'electron/main/{core,credentials,import,ipc,profiles,sending,service,support}/**',
    ],
    from: `${JOURNAL}/postgres/**`,
    message:
      'Outside journal/, the office journal is reached through journal/office/admin.ts (or the store contract), never journal/postgres/ directly.',
  },
  {
    target: `${JOURNAL}/**`,
    from: ['electron/main/sending/**', 'electron/main/service/**'],
    message: 'journal/ sits below the sending engine and the service client: it never imports sending/ or service/.',
  },
];

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', '.tmp', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  { files: ['renderer/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  // CommonJS where a tool loads files with require() (ESLint's import resolvers).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...layers.map(({ files, ignores, paths, patterns }) => ({
    files,
    ...(ignores ? { ignores } : {}),
    rules: { 'no-restricted-imports': ['error', { paths, patterns }] },
  })),
  {
    files: ['electron/**/*.ts', 'shared/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // `@shared/x` first (scripts/eslint-shared-resolver.cjs), then relative paths and packages.
      'import/resolver': {
        [`${import.meta.dirname}/scripts/eslint-shared-resolver.cjs`]: {},
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
      },
    },
    rules: {
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: mainLayers }],
    },
  },
);
