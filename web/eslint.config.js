import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Every user-visible string comes from the es/en/fr dictionaries: JSX text
// with letters in it is an error (numbers, punctuation and symbols are fine).
const i18nPlugin = {
  rules: {
    'no-literal-text': {
      meta: { type: 'problem', messages: { literal: 'User-visible text "{{text}}" must come from the dictionaries (t()).' } },
      create(context) {
        return {
          JSXText(node) {
            const text = node.value.trim();
            if (/\p{L}/u.test(text)) context.report({ node, messageId: 'literal', data: { text } });
          },
        };
      },
    },
  },
};

// The feature folders (src/features/*): each imports only itself and shared
// code. Read from the folder, so that a new feature is bound as it lands.
const features = readdirSync(new URL('./src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  // schema.gen.ts is generated from the server's OpenAPI document (scripts/api-types.sh).
  { ignores: ['dist', 'node_modules', 'e2e/screenshots', 'src/shared/api/schema.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, i18n: i18nPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'i18n/no-literal-text': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Shared code never imports features; features never import each other.
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@/features/*', '@/app/*'] }] },
  },
  ...features.map((f) => ({
    files: [`src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^@/features/(?!${f}/)`, message: 'features never import each other' },
            { group: ['@/app/*'], message: 'features never import the app layer' },
          ],
        },
      ],
    },
  })),
  {
    // Components (and the app layer) ask their feature's hooks and functions
    // (api.ts), never the client: one place a feature's requests are made.
    files: ['src/features/**/*.tsx', 'src/app/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value=/(^|\\/)api\\/client$/] ImportSpecifier[imported.name='api']",
          message: "components call their feature's api.ts, not the API client",
        },
      ],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'i18n/no-literal-text': 'off' },
  },
  {
    // The API reference's start-up script runs in the browser, and starts Scalar's bundle (a global).
    files: ['api-docs/**/*.js'],
    languageOptions: { globals: { ...globals.browser, Scalar: 'readonly' } },
  },
  {
    // e2e code runs in node, and inside page.evaluate() in the browser.
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', '*.config.{js,cjs,ts}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
