"""The scheme registry (spec section 9) and one entry point for every op."""

from . import chess_colour_v1, match_seed_v2, poker_hmac_v1, selfpoker_v1
from .errors import SCHEME_UNSPECIFIED, UNKNOWN_OP, UNKNOWN_SCHEME, PfkitError

SCHEMES = {
    "match_seed_v2": match_seed_v2.OPS,
    "poker_hmac_v1": poker_hmac_v1.OPS,
    "chess_colour_v1": chess_colour_v1.OPS,
    "selfpoker_v1": selfpoker_v1.OPS,
}

# REG-2: registered, never specified; every op on them is refused, never guessed.
UNSPECIFIED = {
    "match_seed_v1": "match_seed_v1 is the legacy table-games scheme; the published pages name it "
                     "but never define it, so no tool can check a record that uses it",
}


def scheme_ids() -> list:
    return sorted(list(SCHEMES) + list(UNSPECIFIED))


def call(scheme: str, op: str, inp, backend=None) -> dict:
    """Run one op on a JSON-shaped input and return its output.

    Checks come in the runner contract's order (RUN-6): the scheme
    (scheme_unspecified before unknown_scheme), the op, then the input.
    ``backend`` chooses how selfpoker_v1 computes NumPy's permutation.
    """
    if scheme in UNSPECIFIED:
        raise PfkitError(SCHEME_UNSPECIFIED, UNSPECIFIED[scheme])
    ops = SCHEMES.get(scheme)
    if ops is None:
        raise PfkitError(UNKNOWN_SCHEME, f"scheme: expected one of {', '.join(scheme_ids())}, found {scheme!r}")
    fn = ops.get(op)
    if fn is None:
        raise PfkitError(UNKNOWN_OP, f"op: {scheme} defines {', '.join(sorted(ops))}, found {op!r}")
    if scheme == "selfpoker_v1":
        return fn(inp, backend)
    return fn(inp)
