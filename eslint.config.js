import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureBoundaries } from './scripts/eslint-rules/feature-boundaries.js';

// Layering (style.md): shared/ is our `common` and imports nothing from the other layers, nor
// anything Node- or DOM-specific; the renderer never imports server/ or electron/.
const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'net', 'http', 'https', 'url', 'stream'];

const noFocusOrSkip = ['it', 'test', 'describe'].flatMap((object) => [
  { object, property: 'only', message: 'No focused tests.' },
  { object, property: 'skip', message: 'No skipped tests.' },
]);

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', '.hub-data/**', '.tmp/**', 'server/db/migrations/**', 'coverage/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', ...noFocusOrSkip],
    },
  },
  {
    files: ['shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/**', '**/electron/**', '**/renderer/**', 'electron', 'react', 'react-dom'], message: 'shared/ imports no other layer.' },
          { group: nodeBuiltins, message: 'shared/ runs anywhere: no Node built-ins.' },
        ],
      }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['**/server/**', '**/electron/**', 'electron'], message: 'The renderer reaches the hub only through its transport.' },
          { group: nodeBuiltins, message: 'The renderer runs in a sandboxed page: no Node built-ins.' },
        ],
      }],
    },
  },
  {
    // one feature, one folder: another feature only through its index.ts (scripts/eslint-rules/feature-boundaries.js)
    files: ['server/**/*.ts', 'renderer/**/*.{ts,tsx}'],
    plugins: { local: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'local/feature-boundaries': 'error' },
  },
  {
    // the API projects load the hub's modules once per worker for all its files (vitest.config.ts):
    // a mock in one file would be what the next files get
    files: ['tests/api/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', ...noFocusOrSkip,
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv'].map((property) => ({ object: 'vi', property, message: 'The API files share their modules: no mocks (vitest.config.ts).' })),
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/renderer/**', '**/electron/**', 'electron'], message: 'The hub does not depend on the clients.' }],
      }],
    },
  },
);
