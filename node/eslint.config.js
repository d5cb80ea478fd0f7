// ESLint's recommended rules for every JavaScript file of node/ (make lint-js),
// and the limits of the house: no function over 100 lines, no module of
// node/src over 600. The modules keep to ES2020, as verifier.js promises.
'use strict';

const js = require('@eslint/js');

const node = {
  require: 'readonly', module: 'writable', __dirname: 'readonly', __filename: 'readonly', process: 'readonly', Buffer: 'readonly',
  console: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setImmediate: 'readonly', URL: 'readonly',
  TextEncoder: 'readonly', TextDecoder: 'readonly',
};
const browser = {
  window: 'readonly', document: 'readonly', navigator: 'readonly', localStorage: 'readonly', location: 'readonly',
  globalThis: 'readonly', FileReader: 'readonly', getComputedStyle: 'readonly', requestAnimationFrame: 'readonly',
  console: 'readonly', setTimeout: 'readonly', CSS: 'readonly', history: 'readonly', TextDecoder: 'readonly',
};

const house = {
  'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
  'no-unused-vars': ['error', { ignoreRestSiblings: true }],
};

module.exports = [
  { ignores: ['node_modules/', 'verifier.js'] },
  js.configs.recommended,
  {
    files: ['src/**/*.js'],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', TextEncoder: 'readonly', TextDecoder: 'readonly', BigInt: 'readonly' },
    },
    rules: { ...house, 'max-lines': ['error', { max: 600 }] },
  },
  {
    files: ['*.js', 'browser/**/*.js', 'test/**/*.js'],
    languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs', globals: node },
    rules: house,
  },
  {
    files: ['page/**/*.js'],
    languageOptions: { ecmaVersion: 2020, sourceType: 'script', globals: browser },
    rules: house,
  },
];
