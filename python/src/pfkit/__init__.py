"""pfkit: provably-fair table-game randomness, the Python implementation.

Every scheme of spec/pfkit.md is a module with a small script API:

    pfkit.match_seed_v2    commit, draws, trace, inject, match
    pfkit.poker_hmac_v1    hand, proof, verify_proof
    pfkit.chess_colour_v1  colour
    pfkit.selfpoker_v1     deal, permutation, trace, commit
    pfkit.records          read, verify, verify_file: records of section 15

``pfkit.call(scheme, op, input)`` runs any op on a JSON-shaped input exactly as
the runner does, and ``pfkit.evaluate(line)`` answers one runner request line.
Bad input raises :class:`PfkitError`, whose ``.code`` is the spec's error code.
``pfkit.spec`` is the specification's own reference code, generated from it.
"""

from . import chess_colour_v1, match_seed_v2, poker_hmac_v1, records, selfpoker_v1, spec
from .errors import ALL_CODES, PfkitError
from .ops import call, scheme_ids
from .runner import evaluate
from .version import __version__

__all__ = [
    "ALL_CODES", "PfkitError", "call", "chess_colour_v1", "evaluate", "match_seed_v2",
    "poker_hmac_v1", "records", "scheme_ids", "selfpoker_v1", "spec", "__version__",
]
