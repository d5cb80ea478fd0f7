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

import importlib

from .errors import ALL_CODES, PfkitError
from .version import __version__

__all__ = [
    "ALL_CODES", "PfkitError", "call", "chess_colour_v1", "evaluate", "match_seed_v2",
    "poker_hmac_v1", "records", "scheme_ids", "selfpoker_v1", "spec", "__version__",
]

# The rest is imported when first named (PEP 562): python -m pfkit runs this
# file first, and its help, version and refusals need none of the schemes.
_LAZY = {
    "chess_colour_v1": (".chess_colour_v1", None), "match_seed_v2": (".match_seed_v2", None),
    "poker_hmac_v1": (".poker_hmac_v1", None), "records": (".records", None),
    "selfpoker_v1": (".selfpoker_v1", None), "spec": (".spec", None),
    "call": (".ops", "call"), "scheme_ids": (".ops", "scheme_ids"), "evaluate": (".runner", "evaluate"),
}


def __getattr__(name):
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, attr = _LAZY[name]
    value = importlib.import_module(module, __name__)
    if attr is not None:
        value = getattr(value, attr)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
