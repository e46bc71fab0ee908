// Lint rules: the recommended sets, plus the purity boundary of the engine, notation and search
// (no files, processes or threads: those belong to the host, src/host/).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');

/**
 * Each folder of src/ and the folders it may import, bottom up: a folder imports only from those
 * below it. The pure ones touch no file, process, terminal or thread.
 */
const LAYERS = [
  { folder: 'engine', uses: [], pure: true },
  { folder: 'notation', uses: ['engine'], pure: true },
  { folder: 'search', uses: ['engine'], pure: true },
  { folder: 'stats', uses: ['engine', 'notation'], pure: true },
  { folder: 'store', uses: ['engine', 'notation', 'stats'] },
  { folder: 'words', uses: ['engine', 'notation', 'search', 'stats', 'store'], pure: true },
  { folder: 'host', uses: ['engine', 'notation', 'search', 'stats', 'store', 'words'] },
  { folder: 'ui', uses: ['engine', 'notation', 'search', 'stats', 'store', 'words', 'host'] },
  {
    folder: 'serve',
    uses: ['engine', 'notation', 'search', 'stats', 'store', 'words', 'host', 'ui'],
  },
  {
    folder: 'cli',
    uses: ['engine', 'notation', 'search', 'stats', 'store', 'words', 'host', 'ui', 'serve'],
  },
];

/** What a pure folder may not import: files, processes, terminals, threads. */
const IMPURE = ['blessed', 'commander', 'fs', 'child_process', 'process', 'worker_threads'].flatMap(
  (name) => (name === 'blessed' || name === 'commander' ? [name] : [name, `node:${name}`]),
);

function layerRules() {
  return LAYERS.map(({ folder, uses, pure, allow = [] }) => {
    const above = LAYERS.map((layer) => layer.folder).filter(
      (f) => f !== folder && !uses.includes(f),
    );
    return {
      files: [`src/${folder}/**/*.ts`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths: pure ? IMPURE.filter((name) => !allow.includes(name)) : [],
            patterns: above.map((other) => ({
              regex: `^(\\.\\./)+${other}(/|$)`,
              message: `src/${folder} is below src/${other}: it may import only ${uses.join(', ') || 'nothing of src/'} (eslint.config.js, LAYERS).`,
            })),
          },
        ],
        ...(pure ? { 'no-restricted-globals': ['error', 'process', 'console'] } : {}),
      },
    };
  });
}

module.exports = tseslint.config(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', '.node-lines/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        __filename: 'readonly',
        process: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...layerRules(),
);
