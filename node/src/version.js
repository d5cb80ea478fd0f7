// The release version (VER-1). It is written once, in node/package.json, which
// tools/release/dist.py set-version rewrites; node/build.js copies it into verifier.js,
// and here it is read from there when the modules run straight from node/src.
'use strict';

const VERSION = require('../package.json').version;

module.exports = { VERSION };
