// Command-line arguments as the Go reference reads them (pfkit verify):
// flags may come before or after the other arguments, with one dash or two
// (-json, --json, --json=false); after -- every argument is positional, and -
// alone is positional. -h, -help and --help ask for the help, -version and
// --version for the version. Anything else that starts with a dash is refused.
'use strict';

// The refusals' words are README's "Command-line manners", as Go's pfkit and
// Python's cli.py say them; a value is quoted as TXT-2 quotes it.
const { text } = require('./verifier.js').records;

// The spellings Go's strconv.ParseBool accepts, for --flag=value.
const BOOLS = new Map([
  ['1', true], ['t', true], ['T', true], ['TRUE', true], ['true', true], ['True', true],
  ['0', false], ['f', false], ['F', false], ['FALSE', false], ['false', false], ['False', false],
]);

/** -h or --help: print the help on standard output and exit 0. */
class HelpRequested extends Error {}

/** -version or --version: print the version on standard output and exit 0 (VER-5). */
class VersionRequested extends Error {}

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
    if (name === 'version' && eq < 0) throw new VersionRequested();
    if (!(name in flags)) throw new UsageError('unknown flag --' + name);
    if (eq < 0) {
      flags[name] = true;
    } else if (BOOLS.has(body.slice(eq + 1))) {
      flags[name] = BOOLS.get(body.slice(eq + 1));
    } else {
      throw new UsageError('invalid value ' + text.quote(body.slice(eq + 1)) + ' for --' + name + ': expected true or false');
    }
  }
  return { flags, positional };
}

// How a closed pipe ends a command: as it ends cat, head or Go's pfkit, killed
// by SIGPIPE (a shell shows 141), with nothing said. Never 0: a run cut short
// is not a success (README, "Command-line manners").
const CLOSED_PIPE_STATUS = 128 + 13;

/** Ends the process as a closed pipe ends it: killed by SIGPIPE, or where no signal can, exit 141. */
function closedPipe() {
  // Node starts with SIGPIPE ignored; the last listener removed gives the
  // signal back its default action (libuv restores SIG_DFL), which kills.
  const none = () => {};
  process.on('SIGPIPE', none);
  process.removeListener('SIGPIPE', none);
  try {
    process.kill(process.pid, 'SIGPIPE');
  } catch {
    // no such signal here (Windows): the status alone
  }
  process.exit(CLOSED_PIPE_STATUS);
}

/** A write to stream that fails with EPIPE ends the process quietly (closedPipe), instead of an unhandled 'error' event. */
function quietPipe(stream) {
  stream.on('error', (e) => {
    if (e.code === 'EPIPE') closedPipe();
    throw e;
  });
}

module.exports = { parse, HelpRequested, VersionRequested, UsageError, closedPipe, quietPipe, CLOSED_PIPE_STATUS };
