// Lint: typescript-eslint's type-checked recommended rules (floating and misused promises among
// them) for every TypeScript file, the promise rules for the build and e2e scripts (.mjs, typed
// through their own tsconfig.json with allowJs), and the architecture's import boundaries: the
// API client and the webviews' controllers never import `vscode` (they are tested in plain Node), the webview imports only
// shared types, and the server shares nothing with the extension.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', '.vscode-test/**', 'test-results/**', '.data/**'] },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Off: an `async` function without `await` is how this code meets Promise-returning contracts
      // (fastify's async route handlers, credential and prompt callbacks, fakes in tests); rewriting
      // them as Promise.resolve(...) would turn a throw into a synchronous one for no gain.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // Plain JavaScript: the unsafe-any rules would flag every value, so only the promise rules.
    files: ['scripts/**/*.mjs', 'bench/ui/**/*.mjs'],
    languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/api is plain Node: the extension hands it settings, credentials and a logger.' }] }],
    },
  },
  {
    // The webviews' controllers run in plain Node (integration-tested against the ALM server); their
    // panels (defectSession.ts, gridPanel.ts) hand them what VS Code gives.
    files: ['src/editor/controller/**/*.ts', 'src/grid/controller/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'A webview controller has no vscode import: its panel passes in what it needs.' }] }],
    },
  },
  {
    files: ['webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Webview code runs in the browser.' }],
          patterns: [{ regex: '^\\.\\./\\.\\./src/(?!shared/)', message: 'The webview imports only src/shared.' }],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The server is a separate program.' }],
          patterns: [{ regex: '/src/', message: 'The server shares nothing with the extension but the wire format.' }],
        },
      ],
    },
  },
);
