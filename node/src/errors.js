// Errors (spec section 11): the codes (spec_tables.js, generated from the
// spec's table), and the refusal every check throws, whose message says what
// was expected and what was found.
'use strict';

const { ERROR_CODES } = require('./spec_tables.js');

/** A refusal with a spec error code; the message says what was expected and found. */
class PfkitError extends Error {
  constructor(code, message) {
    super(message);
    this.name = 'PfkitError';
    this.code = code;
  }
}

function fail(code, message) {
  throw new PfkitError(code, message);
}

module.exports = { ERROR_CODES, PfkitError, fail };
