// Errors (spec section 11): the codes, and the refusal every check throws,
// whose message says what was expected and what was found.
'use strict';

const ERROR_CODES = Object.freeze([
  'malformed_request', 'input_too_large', 'unknown_scheme', 'scheme_unspecified',
  'unknown_op', 'missing_field', 'unknown_field', 'wrong_type', 'invalid_hex',
  'invalid_identifier', 'invalid_integer', 'out_of_range', 'bad_length',
  'duplicate_seat', 'unknown_game', 'equal_commitments', 'words_exhausted', 'unknown_reading',
  'invalid_record', 'file_unreadable', 'not_implemented', 'internal_error',
]);

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
