/** Packages published only as ES modules, which jest needs turned into CommonJS. */
const ESM_ONLY = ['string-width', 'strip-ansi', 'ansi-regex', 'get-east-asian-width'];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  // Both cores: the suites are independent (each makes its own folders, servers and tmux
  // sessions), and most of the time is one suite's own CPU.
  maxWorkers: 2,
  roots: ['<rootDir>/test'],
  // The code cache bin/spider writes goes to a folder of the run's own, never the real home.
  globalSetup: '<rootDir>/test/setup/cache-home.ts',
  globalTeardown: '<rootDir>/test/setup/cache-home-end.ts',
  testMatch: ['**/*.test.ts'],
  transform: {
    // tsconfig.check.json sets isolatedModules, so ts-jest only transpiles each file: the types
    // are checked once, for src, tests and benchmarks together, by `npm run typecheck`.
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.check.json' }],
    [`/node_modules/(${ESM_ONLY.join('|')})/.+\\.js$`]: '<rootDir>/scripts/jest-esm.js',
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY.join('|')})/)`],
};
