"""The scheme registry (spec section 9): every scheme id, and which are
registered without a specification, with why.

A leaf of the package: it imports nothing else of it, so that the ops (what
the runner calls) and the records read it without importing each other.
"""

MATCH_SEED_V2 = "match_seed_v2"
POKER_HMAC_V1 = "poker_hmac_v1"
CHESS_COLOUR_V1 = "chess_colour_v1"
SELFPOKER_V1 = "selfpoker_v1"

#: REG-1: the schemes the spec defines.
SPECIFIED = (MATCH_SEED_V2, POKER_HMAC_V1, CHESS_COLOUR_V1, SELFPOKER_V1)

#: REG-2: registered, never specified; every op and record naming one is
#: refused with scheme_unspecified and this reason, never guessed.
UNSPECIFIED = {
    "match_seed_v1": "match_seed_v1 is the legacy table-games scheme; the published pages name it "
                     "but never define it, so no tool can check a record that uses it",
}


def ids() -> list:
    """Every registered scheme id, specified or not, sorted (REG-1)."""
    return sorted(SPECIFIED + tuple(UNSPECIFIED))
