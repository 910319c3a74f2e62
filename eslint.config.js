import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.turbo/**', '**/coverage/**', '.cache/**', 'data/**', 'artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The data layer: only repositories (and the db folder) touch Mongoose and the models, so no
    // other file knows which engine runs. Tests may read stored documents to check what was
    // written; the benchmark's raw-driver reference cases measure the engine itself.
    files: ['apps/api/src/**/*.ts', 'bench/lib/setup.ts', 'e2e/**/*.ts'],
    ignores: ['apps/api/src/**/*.repo.ts', 'apps/api/src/**/*.model.ts', 'apps/api/src/db/**', 'apps/api/src/test/**', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'mongoose', message: 'Go through a repository (<feature>/<feature>.repo.ts).' }],
          patterns: [{ group: ['**/*.model.js', '**/*.model'], message: 'Models are private to their repository (<feature>.repo.ts).' }],
        },
      ],
    },
  },
  {
    // Features talk to each other through their index (features/<name>/index.ts), never through
    // each other's files; shared components and shells likewise. Tests may reach in.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features/)?(about|account|admin|apps|auth|catalogue|favourites|feed|home|instructions|landing|libraries|library|likes|player|playlists|saavn|spotify|trending|upload)/.+',
              message: 'Import another feature through its index (e.g. ../likes), not its internal files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared components are domain-free: a feature hands them its parts through props and slots
    // (e.g. SongRow's `actions`), so they import no feature at all. (This block replaces the one
    // above for these files, so it repeats nothing: a component may not reach a feature's index either.)
    files: ['apps/web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)features(/|$)',
              message: 'components/ is domain-free: take what a feature provides as props or slots, or move the component into its feature.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
