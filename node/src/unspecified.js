// Schemes the published pages name but never define (REG-2): every op and every
// record of one is answered scheme_unspecified, with the reason.
'use strict';

const UNSPECIFIED = {
  match_seed_v1: 'match_seed_v1 is the legacy table-games scheme; the published pages name it but never define it, so no tool can check a record that uses it',
};

module.exports = { UNSPECIFIED };
