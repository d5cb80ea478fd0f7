"""selfpoker_v1: the self-hosted poker room's NumPy decks (spec section 8).

The deck is ``numpy.random.default_rng(seed).permutation(52)``. With NumPy
importable that is what computes it; without NumPy, or when asked, the spec's
pure-Python restatement of NumPy (``pfkit.spec.numpy_permutation``, NP-1 to
NP-5) does, so the two can be compared.

Script API (raises :class:`pfkit.PfkitError` on bad input)::

    deal(seed, players, backend=None) -> {"commit", "deck", "hands", "board"}
    permutation(seed, n, backend=None) -> [ids]
    trace(seed, n) -> {"seedWords", "pool", "stateWords", "pcg64", "draws", "permutation"}
    commit(seed) -> str
    numpy_available() -> bool
    resolve_backend(backend=None) -> "numpy" or "python"
    chosen_backend(backend=None) -> "auto", "numpy" or "python"

``seed`` is an int with 0 <= seed < 2^63 or the same number as a canonical
decimal string. Over the runner protocol it must be a string (NUM-2); Python
ints are exact, so the API takes them too. ``backend`` is "auto" (NumPy when
importable), "numpy" or "python"; None means the environment variable
PFKIT_SELFPOKER_BACKEND, or "auto" when it is unset.
"""

import numbers
import os
import re

from . import spec
from ._fields import OP_INPUTS, all_digits, input_fields, type_name
from .errors import INVALID_INTEGER, OUT_OF_RANGE, WRONG_TYPE, PfkitError
from .escape import cut, cut_quoted, quoted

SEED_LIMIT = 2 ** 63  # SP-1: seeds come from secrets.randbits(63)
MIN_PLAYERS, MAX_PLAYERS = 2, 23  # SP-4: 2 * 23 + 5 = 51 cards
BOARD = 5
MAX_PERMUTATION = 1000  # D-15
BACKENDS = ("auto", "numpy", "python")
ENV_BACKEND = "PFKIT_SELFPOKER_BACKEND"

_numpy = None
_numpy_checked = False


def _load_numpy():
    global _numpy, _numpy_checked
    if not _numpy_checked:
        _numpy_checked = True
        try:
            import numpy
        except ImportError:
            numpy = None
        _numpy = numpy
    return _numpy


def numpy_available() -> bool:
    return _load_numpy() is not None


def numpy_version():
    np = _load_numpy()
    return None if np is None else np.__version__


def chosen_backend(backend=None) -> str:
    """The backend asked for: "auto", "numpy" or "python", checked as
    resolve_backend checks it, with "auto" left for the first deal to
    resolve. A command checks it before it reads anything, and one that
    deals no selfpoker deck never imports NumPy (a tenth of a second).

    Raises ValueError for an unknown name and RuntimeError when "numpy" is
    asked for and NumPy cannot be imported: a silent fallback would hide that
    real NumPy was never compared.
    """
    if backend is None:
        backend = os.environ.get(ENV_BACKEND) or "auto"
    if backend not in BACKENDS:
        raise ValueError(f"selfpoker backend: expected one of {', '.join(BACKENDS)}, found {backend!r}")
    if backend == "numpy" and not numpy_available():
        raise RuntimeError("selfpoker backend 'numpy' was asked for, but NumPy cannot be imported")
    return backend


def resolve_backend(backend=None) -> str:
    """The backend that will deal: "numpy" or "python" (chosen_backend's
    errors for a name it refuses)."""
    backend = chosen_backend(backend)
    if backend == "auto":
        return "numpy" if numpy_available() else "python"
    return backend


def _permutation(seed: int, n: int, backend: str) -> list:
    if backend == "numpy":
        return _load_numpy().random.default_rng(seed).permutation(n).tolist()
    return spec.numpy_permutation(seed, n)


_NOT_DIGIT = re.compile("[^0-9]")


def parse_seed(where: str, s: str) -> int:
    """NUM-2 and SP-1: canonical decimal, digits only, no sign, spaces or
    leading zero except "0" itself; below 2^63."""
    if s == "":
        raise PfkitError(INVALID_INTEGER,
                         f"{where}: expected a decimal integer 0 <= seed < 2^63, found an empty string")
    if not all_digits(s):
        bad = _NOT_DIGIT.search(s)
        i, ch = bad.start(), bad.group()
        raise PfkitError(INVALID_INTEGER, f"{where}: expected decimal digits only, found {quoted(ch)} at position {i}")
    if len(s) > 1 and s[0] == "0":
        raise PfkitError(INVALID_INTEGER,
                         f"{where}: expected canonical decimal with no leading zero, found {cut_quoted(s)}")
    # 19 digits hold every value below 2^63; more would only feed int() a long string.
    if len(s) > 19 or int(s) >= SEED_LIMIT:
        raise PfkitError(OUT_OF_RANGE, f"{where}: expected 0 <= seed < 2^63 (9223372036854775808), "
                                       f"found {cut(s)}")
    return int(s)


def _seed(where: str, v, allow_int: bool) -> int:
    if isinstance(v, str):
        return parse_seed(where, v)
    if allow_int and isinstance(v, numbers.Integral) and not isinstance(v, bool):
        x = int(v)
        if not 0 <= x < SEED_LIMIT:
            raise PfkitError(OUT_OF_RANGE, f"{where}: expected 0 <= seed < 2^63 (9223372036854775808), found {x}")
        return x
    if allow_int:
        if isinstance(v, float):
            found = f"the float {v!r}, which cannot hold every 63-bit seed exactly"
        else:
            found = type_name(v)
        raise PfkitError(WRONG_TYPE, f"{where}: expected an int or a canonical decimal string, found {found}")
    raise PfkitError(WRONG_TYPE, f"{where}: expected the seed as a decimal string "
                                 f"(a JSON number above 2^53 loses digits), found {type_name(v)}")


def _commit(seed: int) -> str:
    return spec.sha256_hex(f"selfpoker:{seed}")  # SP-2


def _deal(inp, backend, allow_int: bool) -> dict:
    f = input_fields(inp, OP_INPUTS["selfpoker_v1/deal"])
    seed = _seed("input.seed", f.get("seed"), allow_int)
    players = f.int_in("players", MIN_PLAYERS, MAX_PLAYERS)
    dealing = f.reading("dealing")  # READ-2
    backend = resolve_backend(backend)
    if backend == "python":
        d = spec.selfpoker_deal(seed, players, dealing)
    else:
        deck = _permutation(seed, 52, backend)
        # SP-4, as spec.selfpoker_deal lays it out.
        d = {"commit": _commit(seed), "deck": deck,
             "hands": [[deck[p] for p in spec.hole_positions(i, players, dealing)] for i in range(players)],
             "board": deck[2 * players: 2 * players + BOARD]}
    return {"commit": d["commit"], "deck": d["deck"],
            "hands": [[spec.selfpoker_name(c) for c in h] for h in d["hands"]],
            "board": [spec.selfpoker_name(c) for c in d["board"]]}


def _perm(inp, backend, allow_int: bool) -> dict:
    f = input_fields(inp, OP_INPUTS["selfpoker_v1/permutation"])
    seed = _seed("input.seed", f.get("seed"), allow_int)
    n = f.int_in("n", 1, MAX_PERMUTATION)
    return {"permutation": _permutation(seed, n, resolve_backend(backend))}


def op_deal(inp, backend=None) -> dict:
    return _deal(inp, backend, allow_int=False)


def op_permutation(inp, backend=None) -> dict:
    return _perm(inp, backend, allow_int=False)


def op_trace(inp, backend=None) -> dict:
    """TRACE-2: permutation(n) with every stage shown, computed by the spec's
    own restatement of NumPy whatever the backend (NumPy does not expose the
    stages; the tests compare each with NumPy)."""
    f = input_fields(inp, OP_INPUTS["selfpoker_v1/trace"])
    seed = _seed("input.seed", f.get("seed"), False)
    n = f.int_in("n", 1, MAX_PERMUTATION)
    return spec.selfpoker_trace(seed, n)


OPS = {"deal": op_deal, "permutation": op_permutation, "trace": op_trace}


def deal(seed, players: int, backend=None, dealing: str = "pairs") -> dict:
    """One hand: the commitment, the 52 card ids, two cards a player (laid
    out as the dealing reading says, READ-2) and the five board cards, named
    per CARD-4 ("2c" ... "As")."""
    return _deal({"seed": seed, "players": players, "dealing": dealing}, backend, allow_int=True)


def permutation(seed, n: int = 52, backend=None) -> list:
    """default_rng(seed).permutation(n) for 1 <= n <= 1000, as a list of ints."""
    return _perm({"seed": seed, "n": n}, backend, allow_int=True)["permutation"]


def trace(seed, n: int = 52) -> dict:
    """permutation(seed, n) with every stage of NumPy's computation (TRACE-2):
    the seed words, SeedSequence's pool, generate_state's four words, PCG64's
    state and increment, and every 32-bit draw with its mask and verdict."""
    f = input_fields({"seed": seed, "n": n}, OP_INPUTS["selfpoker_v1/trace"])
    return spec.selfpoker_trace(_seed("seed", f.get("seed"), True), f.int_in("n", 1, MAX_PERMUTATION))


def commit(seed) -> str:
    """SP-2: SHA-256 of "selfpoker:" + the seed in canonical decimal."""
    return _commit(_seed("seed", seed, allow_int=True))
