"""The runner contract (spec section 10): one JSON request a line on stdin, one
response line each on stdout, in order, flushed as it is written."""

import json
import sys

from . import selfpoker_v1, strictjson
from ._fields import type_name
from .cli import closed_pipe
from .errors import INPUT_TOO_LARGE, MALFORMED_REQUEST, UNKNOWN_FIELD, UNKNOWN_OP, PfkitError
from .escape import cut_quoted
from .ops import SCHEMES, call
from .version import __version__

# JSON's own whitespace: stripping it never changes what a line means.
_JSON_WS = b" \t\r\n"
_MEMBERS = ("id", "scheme", "op", "input")


def _failure(rid, e: PfkitError) -> dict:
    return {"id": rid, "error": {"code": e.code, "message": e.message}}


def _member(obj: dict, name: str) -> str:
    return type_name(obj[name]) if name in obj else "nothing (the member is missing)"


#: IMPL-1: the scheme of the runner's own exchange, never one of the registry,
#: and its one op, in which the implementation names itself.
RUNNER_SCHEME = "pfkit"
IMPLEMENTATION_OP = "implementation"


def implementation(op: str, inp: dict) -> dict:
    """The answer to the implementation request: this package and every op
    it implements, sorted by scheme, then op."""
    if op != IMPLEMENTATION_OP:
        raise PfkitError(UNKNOWN_OP, f"op: {RUNNER_SCHEME} defines {IMPLEMENTATION_OP}, found {cut_quoted(op)}")
    fields = sorted(inp, key=strictjson.code_point_key)
    if fields:
        raise PfkitError(UNKNOWN_FIELD,
                         f"input.{cut_quoted(fields[0])}: unknown field; {IMPLEMENTATION_OP} takes no field")
    ops = [{"scheme": s, "op": o} for s in sorted(SCHEMES) for o in sorted(SCHEMES[s])]
    spec = ".".join(__version__.split(".")[:2])
    return {"name": "pfkit", "version": __version__, "language": "python", "spec": spec, "ops": ops}


def evaluate(line, backend=None) -> dict:
    """Answer one request line (bytes or str) with a response object."""
    if isinstance(line, str):
        line = line.encode("utf-8", "surrogatepass")
    line = line.strip(_JSON_WS)
    if len(line) > strictjson.LINE.max_bytes:
        return too_long()
    try:
        req = strictjson.loads(line, strictjson.LINE)
    except strictjson.JsonError as e:  # RUN-3: no usable id on a line that does not parse
        why = "" if e.code == INPUT_TOO_LARGE else "expected one JSON object per line: "
        return _failure(None, PfkitError(e.code, "request: " + why + e.message))
    if not isinstance(req, dict):
        return _failure(None, PfkitError(MALFORMED_REQUEST, f"request: expected a JSON object, found {type_name(req)}"))
    rid = req.get("id") if isinstance(req.get("id"), str) else None
    for k in req:
        if k not in _MEMBERS:
            return _failure(rid, PfkitError(MALFORMED_REQUEST, f"request: unexpected member {cut_quoted(k)}; "
                                                               "expected only id, scheme, op, input"))
    if rid is None:
        return _failure(None, PfkitError(MALFORMED_REQUEST,
                                         f"request.id: expected a string, found {_member(req, 'id')}"))
    for name in ("scheme", "op"):
        if not isinstance(req.get(name), str):
            return _failure(rid, PfkitError(MALFORMED_REQUEST,
                                            f"request.{name}: expected a string, found {_member(req, name)}"))
    if not isinstance(req.get("input"), dict):
        return _failure(rid, PfkitError(MALFORMED_REQUEST,
                                        f"request.input: expected an object, found {_member(req, 'input')}"))
    try:
        if req["scheme"] == RUNNER_SCHEME:
            return {"id": rid, "output": implementation(req["op"], req["input"])}
        return {"id": rid, "output": call(req["scheme"], req["op"], req["input"], backend)}
    except PfkitError as e:
        return _failure(rid, e)


def encode(response: dict) -> bytes:
    """One response line. ASCII escapes keep any odd id (a lone surrogate
    included) writable; readers see the same string."""
    return json.dumps(response, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"


def read_lines(stdin, limit: int = strictjson.LINE.max_bytes):
    """The non-blank lines of a byte stream, trimmed of JSON whitespace, as
    (line, too_long) pairs. Of a line longer than limit bytes once trimmed,
    at most limit + 1 bytes are held: the rest is read and dropped, and the
    line comes as (None, True) (LIM-3)."""
    while True:
        kept, started, long = bytearray(), False, False
        while True:
            piece = stdin.readline(1 << 16)
            eof = not piece
            end = eof or piece.endswith(b"\n")
            if not started:
                piece = piece.lstrip(_JSON_WS)
                started = bool(piece)
            if not long:
                take = limit + 1 - len(kept)
                kept += piece[:take]
                long = bool(piece[take:].strip(_JSON_WS))
            if end:
                break
        line = bytes(kept).rstrip(_JSON_WS)
        if long or len(line) > limit:
            yield None, True
        elif line:
            yield line, False
        if eof:
            return


def too_long() -> dict:
    """The answer to a line over the limit, which was not read whole."""
    limit = strictjson.LINE.max_bytes
    return _failure(None, PfkitError(INPUT_TOO_LARGE, f"request: more than {limit} bytes, the limit is {limit}"))


def serve(stdin=None, stdout=None, backend=None) -> int:
    """Answer every non-blank line of stdin until its end; return 0."""
    stdin = stdin if stdin is not None else sys.stdin.buffer
    stdout = stdout if stdout is not None else sys.stdout.buffer
    backend = selfpoker_v1.chosen_backend(backend)
    for line, long in read_lines(stdin):
        try:
            resp = too_long() if long else evaluate(line, backend)
        except Exception as e:  # a bug, not bad input: answer and keep the stream in step
            print(f"pfkit: internal error: {type(e).__name__}: {e}", file=sys.stderr)
            resp = {"id": None, "error": {"code": "internal_error", "message": f"{type(e).__name__}: {e}"}}
        stdout.write(encode(resp))
        stdout.flush()
    return 0


def main(argv=None) -> int:
    """Entry point of the adapter and of `python -m pfkit eval`."""
    try:
        return serve()
    except (ValueError, RuntimeError) as e:  # an unusable PFKIT_SELFPOKER_BACKEND
        print(f"pfkit: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return closed_pipe()
    except KeyboardInterrupt:
        return 130
