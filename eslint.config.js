import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Imports each layer may not make (architecture.md: shared <- electron, shared <- renderer). */
const nodeBuiltins = { group: ['node:*'], message: 'shared/ and renderer/ run in the page too: no Node built-ins.' };
const layer = (from, forbidden) => ({
  files: [`${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'electron', message: `${from}/ may not import electron.` }],
        patterns: [...forbidden, ...(from === 'electron' ? [] : [nodeBuiltins])],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', '.tmp', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-control-regex': 'off',
    },
  },
  layer('shared', [
    { group: ['**/electron/**', '**/renderer/**'], message: 'shared/ imports nothing from electron/ or renderer/.' },
  ]),
  layer('renderer', [{ group: ['**/electron/**'], message: 'renderer/ talks to main only through the preload API.' }]),
  layer('electron', [{ group: ['**/renderer/**'], message: 'electron/ never imports renderer/.' }]),
);
