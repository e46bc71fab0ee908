'use strict';
// A jest transform for the few dependencies published only as ES modules (string-width and
// the packages it uses): jest runs the tests as CommonJS, so they are turned into CommonJS
// here with esbuild, which the build already uses to bundle them into dist/spider.js.
const { transformSync } = require('esbuild');

module.exports = {
  process(source, file) {
    const { code, map } = transformSync(source, {
      loader: 'js',
      format: 'cjs',
      target: 'node20',
      sourcefile: file,
      sourcemap: 'inline',
    });
    return { code, map };
  },
};
