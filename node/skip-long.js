// make check runs `PFKIT_SHORT=1 node --test`: a test marked long (it starts
// processes, or repeats at full size what another part of make check already
// holds) is skipped there and runs in make test, which leaves the variable unset.
'use strict';

/** Test options that skip the test under make check, saying why. */
module.exports = (why) => ({ skip: process.env.PFKIT_SHORT === '1' && why });
