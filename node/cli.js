// Command-line arguments as the Go reference reads them (pfkit verify):
// flags may come before or after the other arguments, with one dash or two
// (-json, --json, --json=false); after -- every argument is positional, and -
// alone is positional. -h, -help and --help ask for the help. Anything else
// that starts with a dash is refused.
'use strict';

// The spellings Go's strconv.ParseBool accepts, for --flag=value.
const BOOLS = new Map([
  ['1', true], ['t', true], ['T', true], ['TRUE', true], ['true', true], ['True', true],
  ['0', false], ['f', false], ['F', false], ['FALSE', false], ['false', false], ['False', false],
]);

/** -h or --help: print the help on standard output and exit 0. */
class HelpRequested extends Error {}

/** Arguments the command does not take: the message and the usage on standard error, exit 2. */
class UsageError extends Error {}

/**
 * Splits args into {flags: {name: boolean}, positional: [...]}. bools names the
 * boolean flags the command takes (without dashes); each starts false. raw,
 * when given, holds each argument as the system gave it (its bytes), and
 * positional holds those.
 */
function parse(args, bools = [], raw = args) {
  const flags = Object.create(null);
  for (const b of bools) flags[b] = false;
  const positional = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      positional.push(...raw.slice(i + 1));
      break;
    }
    if (a.length < 2 || a[0] !== '-') {
      positional.push(raw[i]);
      continue;
    }
    const body = a.startsWith('--') ? a.slice(2) : a.slice(1);
    const eq = body.indexOf('=');
    const name = eq < 0 ? body : body.slice(0, eq);
    if (name === '' || name[0] === '-') throw new UsageError('bad flag syntax: ' + a);
    if (name === 'h' || name === 'help') throw new HelpRequested();
    if (!(name in flags)) throw new UsageError('flag provided but not defined: -' + name);
    if (eq < 0) {
      flags[name] = true;
    } else if (BOOLS.has(body.slice(eq + 1))) {
      flags[name] = BOOLS.get(body.slice(eq + 1));
    } else {
      throw new UsageError('invalid boolean value ' + JSON.stringify(body.slice(eq + 1)) + ' for -' + name);
    }
  }
  return { flags, positional };
}

module.exports = { parse, HelpRequested, UsageError };
