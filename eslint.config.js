// ESLint (flat config): correctness rules only. Layout is prettier's job (.prettierrc.json), so no stylistic rule
// is turned on here. TypeScript through typescript-eslint, Astro components through eslint-plugin-astro.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'bin/', 'build/', '.astro/', 'node_modules/', 'test-results/', 'bench/work/', 'content/', 'test/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or binding kept for its position or its documentation.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // micromark's tokenizers name their context `self` for the state functions they return.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['self'] }],
      // Type-only imports keep the module graph honest (see test/habits/cycles.test.ts).
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // `catch {}` says "best effort, nothing to do" (a storage or a clean-up that may fail); other empty blocks are errors.
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // Test fakes stand in for Astro's loader context and store, whose entries are untyped there too.
    files: ['test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Browser code of the site: scripts inside Astro components and the client modules.
    files: ['src/**/*.astro', 'src/scripts/**', 'src/components/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
