"""The draw stream of spec section 4, drawn without redoing what every draw shares.

``spec.Stream`` is the reference: draw k is word(key, prefix + str(k)), a new
HMAC-SHA256 of the whole message read from its hex digest. Every draw of one
stream has the same key and the same prefix, so this stream hashes them once,
as Go's midstate and node/src/stream.js do: SHA-256's state after the key's
inner pad (RFC 2104: the key, hashed first when longer than a block, padded
with zeros and xored with 0x36) and the prefix, and its state after the outer
pad (0x5c). A draw copies both states, absorbs the counter's digits and then
the inner digest, and reads the word from the digest's bytes (WORD-1).

The words are the reference's: python/tests/test_stream.py holds them to
spec.Stream and to the hmac module for keys and prefixes of 0 to 200 bytes
and counters across every change of digit count. Copying two hashlib states
costs less than the hmac module's own copy(), which builds its object in
Python: for the 200,245 draws of the largest backgammon record, 0.24 s
rather than the reference's 0.49 s.

    Stream(key, prefix)        .next() the next word, .k the draws so far
    of(ref)                    the stream of a spec.Stream's key, prefix and counter
    match_stream(...)          spec.match_stream's stream
    poker_stream(...)          spec.poker_stream's stream
"""

import hashlib

from . import spec

_BLOCK = 64  # SHA-256's block: HMAC pads the key to it
_INNER = bytes(b ^ 0x36 for b in range(256))  # RFC 2104's ipad and opad, as tables for bytes.translate
_OUTER = bytes(b ^ 0x5C for b in range(256))


class Stream:
    """Word k is word(key, prefix + str(k)); k counts every draw from 0, as
    spec.Stream's does."""

    __slots__ = ("key", "prefix", "k", "_inner", "_outer")

    def __init__(self, key: str, prefix: str):
        self.key, self.prefix, self.k = key, prefix, 0
        kb = key.encode("ascii")
        if len(kb) > _BLOCK:
            kb = hashlib.sha256(kb).digest()
        kb = kb.ljust(_BLOCK, b"\0")
        self._inner = hashlib.sha256(kb.translate(_INNER))
        self._inner.update(prefix.encode("ascii"))
        self._outer = hashlib.sha256(kb.translate(_OUTER))

    def next(self) -> int:
        inner = self._inner.copy()
        inner.update(b"%d" % self.k)
        self.k += 1
        outer = self._outer.copy()
        outer.update(inner.digest())
        # WORD-1: the first 13 hex digits are the top 52 bits, of the first 7 bytes.
        return int.from_bytes(outer.digest()[:7], "big") >> 4


def of(ref: spec.Stream) -> Stream:
    """The stream with the key, prefix and counter of the reference's ref."""
    s = Stream(ref.key, ref.prefix)
    s.k = ref.k
    return s


def match_stream(server_seed: str, game: str, match_id: str, client_seeds: list) -> Stream:
    """A match's stream: its key and prefix are spec.match_stream's."""
    return of(spec.match_stream(server_seed, game, match_id, client_seeds))


def poker_stream(hv: str, table: str, session: str, n: int, seats: list) -> Stream:
    """A poker hand's stream: its key and prefix are spec.poker_stream's."""
    return of(spec.poker_stream(hv, table, session, n, seats))
