"""One entry point for every op of every scheme (spec sections 9 and 10.1)."""

from . import chess_colour_v1, match_seed_v2, poker_hmac_v1, schemes, selfpoker_v1
from .errors import SCHEME_UNSPECIFIED, UNKNOWN_OP, UNKNOWN_SCHEME, PfkitError
from .escape import cut_quoted

#: The ops of every specified scheme (schemes.SPECIFIED), by scheme id.
SCHEMES = {
    schemes.MATCH_SEED_V2: match_seed_v2.OPS,
    schemes.POKER_HMAC_V1: poker_hmac_v1.OPS,
    schemes.CHESS_COLOUR_V1: chess_colour_v1.OPS,
    schemes.SELFPOKER_V1: selfpoker_v1.OPS,
}


def scheme_ids() -> list:
    return schemes.ids()


def call(scheme: str, op: str, inp, backend=None) -> dict:
    """Run one op on a JSON-shaped input and return its output.

    Checks come in the runner contract's order (RUN-6): the scheme
    (scheme_unspecified before unknown_scheme), the op, then the input.
    ``backend`` chooses how selfpoker_v1 computes NumPy's permutation.
    """
    if scheme in schemes.UNSPECIFIED:
        raise PfkitError(SCHEME_UNSPECIFIED, schemes.UNSPECIFIED[scheme])
    ops = SCHEMES.get(scheme)
    if ops is None:
        raise PfkitError(UNKNOWN_SCHEME,
                         f"scheme: expected one of {', '.join(scheme_ids())}, found {cut_quoted(scheme)}")
    fn = ops.get(op)
    if fn is None:
        raise PfkitError(UNKNOWN_OP, f"op: {scheme} defines {', '.join(sorted(ops))}, found {cut_quoted(op)}")
    if scheme == schemes.SELFPOKER_V1:
        return fn(inp, backend)
    return fn(inp)
