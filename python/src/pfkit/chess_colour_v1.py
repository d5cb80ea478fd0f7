"""chess_colour_v1: which chess player takes White (spec section 7).

Script API (raises :class:`pfkit.PfkitError` on bad input)::

    colour(seed_a, client_a, seed_b=None, client_b=None, bot_client_seed="dash")
        -> {"commitA", "commitB", "white"}

A bot opponent is seed_b=None and client_b=None together (CC-2); "white" is
"A" or "B". bot_client_seed is the reading of READ-9: how the message writes a
bot's client seed, "dash" ("-") or "empty".
"""

from . import spec
from ._fields import OP_INPUTS, input_fields
from .errors import EQUAL_COMMITMENTS, WRONG_TYPE, PfkitError

BOT = "-"  # decision D-5


def op_colour(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["chess_colour_v1/colour"])
    seed_a = f.seed("seedA")
    client_a = f.id("clientA")
    bot_seed = f.get("seedB") is None
    seed_b = None if bot_seed else f.seed("seedB")
    bot_client = f.get("clientB") is None
    client_b = None if bot_client else f.id("clientB")
    bot_client_seed = f.reading("botClientSeed")  # READ-9
    if bot_seed != bot_client:
        raise PfkitError(WRONG_TYPE, "input.seedB: seedB and clientB are both null (a bot) or both set (a player); "
                                     f"found seedB {_null_or_set(bot_seed)} and clientB {_null_or_set(bot_client)}")
    if "botClientSeed" in f.obj and not bot_seed:
        raise PfkitError(WRONG_TYPE, "input.botClientSeed: declared for a bot, but seedB and clientB are a player's")
    commit_a = spec.commit(seed_a)
    commit_b = BOT if bot_seed else spec.commit(seed_b)
    # CC-4: equal commitments cancel in the XOR, and A would always be White.
    if commit_a == commit_b:
        raise PfkitError(EQUAL_COMMITMENTS, "input.seedB: both players committed to the same seed "
                                            f"(commitment {commit_a}), so the XOR of their words is zero "
                                            "and A would always play White")
    return {"commitA": commit_a, "commitB": commit_b,
            "white": spec.colour(seed_a, client_a, seed_b, client_b, bot_client_seed)}


def white(seed_a: str, client_a: str, seed_b, client_b, bot_client_seed: str) -> str:
    """Who plays White, "A" or "B" (CC-3), from seeds and client seeds of the
    right form: what a record's colour is compared with (REC-6). Equal seeds
    cancel in the XOR (CC-4): every word is 0, int(2) gives 0 and A plays
    White. The colour op refuses them and spec.colour asserts they differ; a
    record may still reveal them behind two different (wrong) commitments,
    and its colour is checked all the same."""
    if seed_b == seed_a:
        return "A"
    return spec.colour(seed_a, client_a, seed_b, client_b, bot_client_seed)


def _null_or_set(null: bool) -> str:
    return "null" if null else "set"


OPS = {"colour": op_colour}


def colour(seed_a: str, client_a: str, seed_b=None, client_b=None, bot_client_seed=None) -> dict:
    """Colours of a game: A is the owner of the seek or challenge, B the other side."""
    inp = {"seedA": seed_a, "clientA": client_a, "seedB": seed_b, "clientB": client_b}
    if bot_client_seed is not None:
        inp["botClientSeed"] = bot_client_seed
    return op_colour(inp)
