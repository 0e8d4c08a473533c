// Lint rules that keep the architecture's import boundaries: the API client never imports
// `vscode` (it is tested in plain Node), the webview imports only shared types, and the
// server shares nothing with the extension.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', '.vscode-test/**', 'test-results/**', '.data/**'] },
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/api is plain Node: the extension hands it settings, credentials and a logger.' }] }],
    },
  },
  {
    files: ['webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'Webview code runs in the browser.' }],
        patterns: [{ regex: '^\\.\\./\\.\\./src/(?!shared/)', message: 'The webview imports only src/shared.' }],
      }],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'The server is a separate program.' }],
        patterns: [{ regex: '/src/', message: 'The server shares nothing with the extension but the wire format.' }],
      }],
    },
  },
);
