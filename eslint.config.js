// Lint rules: the recommended sets, plus the purity boundary of the engine, notation and search
// (no files, processes or threads: those belong to the host, src/host/).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

module.exports = tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/engine/**/*.ts', 'src/notation/**/*.ts', 'src/search/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'blessed',
            'commander',
            'chalk',
            'fs',
            'node:fs',
            'child_process',
            'node:child_process',
            'process',
            'node:process',
            'worker_threads',
            'node:worker_threads',
          ],
          patterns: ['**/cli/*', '**/ui/*', '**/store/*', '**/host/*'],
        },
      ],
      'no-restricted-globals': ['error', 'process', 'console'],
    },
  },
);
