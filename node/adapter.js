#!/usr/bin/env node
// pfkit runner adapter for verifier.js (spec section 10.2): reads one request a
// line on standard input and writes one response line for each, in order.
//
//   node node/adapter.js < requests.jsonl
//   go run ./go/cmd/pfkit conform --impl node
//
// Lines are split on the byte '\n' and handed to the verifier as bytes, so the
// 1 MiB limit counts bytes and invalid UTF-8 is read exactly as the reference
// reads it. A line that is empty once JSON whitespace (space, tab, CR, LF) is
// trimmed gets no response. Each answer goes into an output buffer as soon as it
// is made, and the buffer is written when it is full and once every chunk of
// input has been answered; exit status 0 at the end of the input.
'use strict';

const fs = require('fs');
const path = require('path');
const v8 = require('v8');
const vm = require('vm');
const pfkit = require(path.join(__dirname, 'verifier.js'));
const cli = require(path.join(__dirname, 'cli.js'));

// The help names the script as it was invoked (process.argv[1]'s base name).
const NAME = path.basename(process.argv[1] || 'adapter.js');
const USAGE = `usage: node ${NAME} < requests.jsonl

verifier.js's runner adapter (spec section 10.2): one response line for each
request line on standard input. Takes no arguments; pfkit conform --impl node
starts it.
`;

/** Writes text to the descriptor fd whole, then exits with code; a closed pipe ends the process quietly. */
function say(fd, text, code) {
  try {
    fs.writeSync(fd, text);
  } catch (e) {
    if (e.code === 'EPIPE') cli.closedPipe();
    throw e;
  }
  process.exit(code);
}

// No arguments: --help is answered, anything else refused before a byte is read.
{
  let refusal = null;
  try {
    const { positional } = cli.parse(process.argv.slice(2));
    if (positional.length > 0) refusal = 'unexpected argument ' + pfkit.records.text.quote(positional[0]);
  } catch (e) {
    if (e instanceof cli.HelpRequested) say(1, USAGE, 0);
    if (e instanceof cli.VersionRequested) say(1, 'pfkit ' + pfkit.VERSION + ' (node)\n', 0);
    if (!(e instanceof cli.UsageError)) throw e;
    refusal = e.message;
  }
  if (refusal !== null) {
    say(2, pfkit.records.text.line(NAME + ': ' + refusal) + '\n\n' + USAGE, 2);
  }
}

// At most this much of a line is kept: past it the trimmed line is too large
// whatever follows, unless all that follows is trailing whitespace. Memory stays
// bounded however long a line is.
const KEEP = pfkit._internal.MAX_LINE_BYTES + 1;

const isSpace = (c) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;

// Memory (LIM-3). V8 collects the large strings a long line leaves (its text,
// its answer) only once its heap has grown by tens of megabytes, and doubles
// its young generation up to 16 MiB a half whenever what it holds survives a
// collection: either takes the process past 64 MiB on lines of a megabyte. So
// the young generation keeps its first size, and after every MiB of lines
// read and answers written the adapter collects the heap when it holds more
// than 10 MiB. Both are V8's own flags (node --v8-options), set here for this
// process; gc is the function --expose-gc gives a new context.
v8.setFlagsFromString('--semi-space-growth-factor=1');
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc');
const CHECK_EVERY = 1 << 20;
const HEAP_LIMIT = 10 << 20;
let garbage = 0;

/** Counts the bytes a line and its answer took; collects when the heap has grown past HEAP_LIMIT. */
function tidy(bytes) {
  garbage += bytes;
  if (garbage < CHECK_EVERY) return;
  garbage = 0;
  if (v8.getHeapStatistics().used_heap_size > HEAP_LIMIT) collect();
}

// The line being read: still in its leading whitespace, the bytes kept from
// its first other byte on (in one buffer, reused from line to line), their
// length, and whether a non-space byte came past KEEP.
let leading = true;
const kept = Buffer.allocUnsafeSlow(KEEP);
let keptLen = 0;
let tooLarge = false;

function addPiece(piece) {
  let i = 0;
  if (leading) {
    while (i < piece.length && isSpace(piece[i])) i++;
    if (i === piece.length) return;
    leading = false;
  }
  if (tooLarge) return;
  const take = Math.min(KEEP - keptLen, piece.length - i);
  if (take > 0) {
    piece.copy(kept, keptLen, i, i + take); // the read buffer is reused for the next chunk
    keptLen += take;
    i += take;
  }
  for (; i < piece.length; i++) {
    if (!isSpace(piece[i])) {
      tooLarge = true;
      return;
    }
  }
}

function endLine() {
  let r = null;
  if (tooLarge) {
    r = JSON.stringify({ id: null, error: { code: 'input_too_large', message: 'request: more than ' + pfkit._internal.MAX_LINE_BYTES + ' bytes, the limit is ' + pfkit._internal.MAX_LINE_BYTES } });
  } else if (!leading) {
    r = pfkit.evaluateLine(kept.subarray(0, keptLen));
  }
  tidy(keptLen + (r === null ? 0 : r.length));
  leading = true;
  keptLen = 0;
  tooLarge = false;
  return r;
}

/** Answers the complete lines of a chunk and keeps the start of the next. */
function consume(chunk) {
  let start = 0;
  for (;;) {
    const nl = chunk.indexOf(0x0a, start);
    if (nl < 0) break;
    addPiece(chunk.subarray(start, nl));
    const r = endLine();
    if (r !== null) answer(r);
    start = nl + 1;
  }
  if (start < chunk.length) addPiece(chunk.subarray(start));
}

// Input is read and answers written synchronously, through reused buffers:
// the stream hands over no garbage chunk to collect, so memory stays flat
// however much input comes (LIM-3). A read returns as soon as some input is
// there, so each complete line is answered before more is waited for.
const chunk = Buffer.allocUnsafeSlow(1 << 16);
const out = Buffer.allocUnsafeSlow(1 << 16);
let outLen = 0;
const pause = new Int32Array(new SharedArrayBuffer(4));

function retry(fn) {
  for (;;) {
    try {
      return fn();
    } catch (e) {
      if (e.code !== 'EAGAIN') throw e;
      Atomics.wait(pause, 0, 0, 1); // a non-blocking descriptor with nothing ready: wait a millisecond
    }
  }
}

function writeAll(b, len) {
  let off = 0;
  while (off < len) off += retry(() => fs.writeSync(1, b, off, len - off));
}

function flush() {
  writeAll(out, outLen);
  outLen = 0;
}

/** Text written through out, in pieces of 16384 code units (at most 48 KiB), a surrogate pair never split. */
function put(text) {
  for (let i = 0; i < text.length;) {
    let j = Math.min(text.length, i + 16384);
    const c = text.charCodeAt(j - 1);
    if (j < text.length && c >= 0xd800 && c <= 0xdbff) j--;
    const piece = i === 0 && j === text.length ? text : text.slice(i, j);
    if (Buffer.byteLength(piece) > out.length - outLen) flush();
    outLen += out.write(piece, outLen);
    i = j;
  }
}

/** One response and its newline. */
function answer(text) {
  put(text);
  if (outLen === out.length) flush();
  out[outLen++] = 0x0a;
}

function main() {
  for (;;) {
    let n;
    try {
      n = retry(() => fs.readSync(0, chunk, 0, chunk.length, null));
    } catch (e) {
      if (e.code !== 'EOF') throw e;
      n = 0;
    }
    if (n === 0) break;
    consume(chunk.subarray(0, n));
    flush();
  }
  // The last line may have no newline.
  const r = endLine();
  if (r !== null) answer(r);
  flush();
}
try {
  main();
  process.exitCode = 0;
} catch (e) {
  // The reader went away: nothing more can be delivered.
  if (e.code === 'EPIPE') cli.closedPipe();
  throw e;
}
