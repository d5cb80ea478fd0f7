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
// trimmed gets no response. The answers to all complete lines of a chunk of
// input are written at once, as soon as that chunk is read; exit status 0 at the
// end of the input.
'use strict';

const fs = require('fs');
const path = require('path');
const pfkit = require(path.join(__dirname, 'verifier.js'));
const cli = require(path.join(__dirname, 'cli.js'));

const USAGE = `usage: node node/adapter.js < requests.jsonl

verifier.js's runner adapter (spec section 10.2): one response line for each
request line on standard input. Takes no arguments; pfkit conform --impl node
starts it.
`;

// No arguments: --help is answered, anything else refused before a byte is read.
{
  let refusal = null;
  try {
    const { positional } = cli.parse(process.argv.slice(2));
    if (positional.length > 0) refusal = 'unexpected argument ' + JSON.stringify(positional[0]);
  } catch (e) {
    if (e instanceof cli.HelpRequested) {
      process.stdout.write(USAGE);
      process.exit(0);
    }
    if (!(e instanceof cli.UsageError)) throw e;
    refusal = e.message;
  }
  if (refusal !== null) {
    process.stderr.write('adapter.js: ' + refusal + '\n\n' + USAGE);
    process.exit(2);
  }
}

// At most this much of a line is kept: past it the trimmed line is too large
// whatever follows, unless all that follows is trailing whitespace. Memory stays
// bounded however long a line is.
const KEEP = pfkit._internal.MAX_LINE_BYTES + 1;

const isSpace = (c) => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;

// The line being read: still in its leading whitespace, the pieces kept from its
// first other byte on, their length, and whether a non-space byte came past KEEP.
let leading = true;
let kept = [];
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
  const room = KEEP - keptLen;
  const take = Math.min(room, piece.length - i);
  if (take > 0) {
    // Copied: the read buffer is reused for the next chunk.
    kept.push(Buffer.from(piece.subarray(i, i + take)));
    keptLen += take;
    i += take;
  }
  for (; i < piece.length; i++) {
    if (!isSpace(piece[i])) {
      tooLarge = true;
      kept = [];
      return;
    }
  }
}

function endLine() {
  let out = null;
  if (tooLarge) {
    out = JSON.stringify({ id: null, error: { code: 'input_too_large', message: 'request: more than ' + pfkit._internal.MAX_LINE_BYTES + ' bytes, the limit is ' + pfkit._internal.MAX_LINE_BYTES } });
  } else if (!leading) {
    out = pfkit.evaluateLine(kept.length === 1 ? kept[0] : Buffer.concat(kept));
  }
  leading = true;
  kept = [];
  keptLen = 0;
  tooLarge = false;
  return out;
}

function consume(chunk) {
  const out = [];
  let start = 0;
  for (;;) {
    const nl = chunk.indexOf(0x0a, start);
    if (nl < 0) break;
    addPiece(chunk.subarray(start, nl));
    const r = endLine();
    if (r !== null) out.push(r);
    start = nl + 1;
  }
  if (start < chunk.length) addPiece(chunk.subarray(start));
  return out;
}

// Input is read and answers written synchronously, through one reused buffer:
// the stream hands over no garbage chunk to collect, so memory stays flat
// however much input comes (LIM-3). A read returns as soon as some input is
// there, so each complete line is answered before more is waited for.
const chunk = Buffer.allocUnsafe(1 << 16);
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

function write(lines) {
  if (lines.length === 0) return;
  const out = Buffer.from(lines.join('\n') + '\n');
  let off = 0;
  while (off < out.length) off += retry(() => fs.writeSync(1, out, off, out.length - off));
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
    write(consume(chunk.subarray(0, n)));
  }
  // The last line may have no newline.
  const r = endLine();
  if (r !== null) write([r]);
}

try {
  main();
  process.exitCode = 0;
} catch (e) {
  // The reader went away: nothing more can be delivered.
  if (e.code !== 'EPIPE') throw e;
  process.exitCode = 0;
}
