// ESLint (flat config): TypeScript with typescript-eslint's type-aware rules (the project's
// tsconfig.json), JavaScript (build scripts, bin, e2e harness) with ESLint's recommended rules.
// `npm run lint` runs it on the whole tree; CI runs it (.ci/run). Formatting is Prettier's
// (`npm run format:check`), so no stylistic rule is on here.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', '**/generated/**', 'test/e2e/tools/**', 'test/e2e/workspace/**', '*.vsix'],
  },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // The two the project asked for: every promise is awaited or handed on; no value unused.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-unused-expressions': 'error',
      // No assertion that changes nothing (`x!` on a value that cannot be undefined, `as T` on a T).
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      // Off, with reasons. The CLI loads modules lazily with `require`;
      // a command's `run` is async by contract even when it awaits nothing; escaping code matches
      // control characters on purpose; an initial value that every branch overwrites is harmless.
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/require-await': 'off',
      'no-control-regex': 'off',
      'no-useless-assignment': 'off',
    },
  },
  {
    // Tests read JSON answers (`any`) and print values in assertion messages.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      globals: { ...globals.node, ...globals.mocha },
    },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-control-regex': 'off',
      'no-useless-assignment': 'off',
    },
  },
  {
    // Harness code that also runs inside the browser page (page.evaluate).
    files: [
      'test/e2e/chromium/**/*.js',
      'test/e2e/vscode/ui-run.js',
      'test/e2e/vscode/web-run.js',
      'test/e2e/vscode/first-open.js',
      'test/e2e/vscode/harness.js',
    ],
    languageOptions: { globals: { ...globals.browser } },
  },
);
