"""The scheme registry (spec section 9): every scheme id, and which are
registered without a specification, with why.

A leaf of the package: it imports nothing else of it but the generated
tables, so that the ops (what the runner calls) and the records read it
without importing each other.
"""

MATCH_SEED_V2 = "match_seed_v2"
POKER_HMAC_V1 = "poker_hmac_v1"
CHESS_COLOUR_V1 = "chess_colour_v1"
SELFPOKER_V1 = "selfpoker_v1"

#: REG-1: the schemes the spec defines, in its section order. REG-2: those
#: registered but never specified, each with the reason every op and record
#: naming it is refused with (scheme_unspecified), never guessed. Both are the
#: spec's section 9 table, generated into _spec_tables.py.
from ._spec_tables import SPECIFIED, UNSPECIFIED  # noqa: E402  (after the names above)


def ids() -> list:
    """Every registered scheme id, specified or not, sorted (REG-1)."""
    return sorted(SPECIFIED + tuple(UNSPECIFIED))
