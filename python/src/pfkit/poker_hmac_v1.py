"""poker_hmac_v1: committed poker decks with Merkle proofs (spec section 6).

Script API (raises :class:`pfkit.PfkitError` on bad input)::

    hand(server_seed, table, session, hand, seats, first_hand=1, dealing="pairs")
        -> {"handValue", "handCommitment", "deck", "salts", "root", "counter",
            "hands", "board"}
    proof(server_seed, table, session, hand, seats, position, first_hand=1)
        -> {"position", "card", "salt", "leaf", "path", "root"}
    verify_proof(root, position, card, salt, path) -> bool

``seats`` is a list of {"seat": 0-9, "clientSeed": id}, in any order.
"""

from . import spec
from ._fields import OP_INPUTS, Fields, check_hex, input_fields, type_name
from .errors import DUPLICATE_SEAT, OUT_OF_RANGE, WRONG_TYPE, PfkitError
from .stream import poker_stream

MAX_HANDS = 500  # PK-8
MIN_PLAYERS, MAX_PLAYERS = 2, 10  # PK-9
MAX_SEAT = 9
POSITIONS = 52
BOARD = 5  # PK-10
DEPTH = 6  # 64 leaves



def _hand_fields(f: Fields):
    seed = f.seed("serverSeed")
    table = f.id("table")
    session = f.id("session")
    n = f.int_in("hand", 0, MAX_HANDS)  # within the declared numbering: _hand_range
    seats, taken = [], {}
    for i, v in enumerate(f.array("seats", MIN_PLAYERS, MAX_PLAYERS)):
        where = f"input.seats[{i}]"
        c = Fields.child(where, v, ("seat", "clientSeed"))
        seat = c.int_in("seat", 0, MAX_SEAT)
        client_seed = c.id("clientSeed")
        # PK-9: reported at the second element that claims the seat.
        if seat in taken:
            raise PfkitError(DUPLICATE_SEAT,
                             f"{where}.seat: seat {seat} is already taken by seats[{taken[seat]}]")
        taken[seat] = i
        seats.append((seat, client_seed))
    first = f.int_in("firstHand", 0, 1) if "firstHand" in f.obj else 1
    return seed, table, session, n, seats, first


def hand_numbers(first: int) -> tuple:
    """(first, last): the hand numbers of a session numbered from first (PK-8, READ-3)."""
    return first, first + MAX_HANDS - 1


def board_positions(players: int) -> list:
    """The deck positions of the five board cards, after every hole card (PK-10)."""
    return [2 * players + k for k in range(BOARD)]


def numbering(first: int) -> str:
    """Which hand numbers a session numbered from first holds: the words of the
    op's refusal and of a record's failed check (PK-8, READ-3)."""
    lo, hi = hand_numbers(first)
    return f"hands numbered from {first} run from {lo} to {hi}"


def _hand_range(n: int, first: int) -> None:
    """The cross-field check of the hand number against the numbering (PK-8, READ-3)."""
    lo, hi = hand_numbers(first)
    if not lo <= n <= hi:
        raise PfkitError(OUT_OF_RANGE, f"input.hand: {numbering(first)}, found {n}")


def shuffled_deck(hv: str, table: str, session: str, n: int, seats: list) -> tuple:
    """spec.poker_deck's deck, drawn from pfkit.stream's stream, and how many
    draws its shuffle took: (deck, counter)."""
    stream = poker_stream(hv, table, session, n, seats)
    return spec.shuffle(stream, range(52)), stream.k


class _Deal:
    def __init__(self, seed, table, session, n, seats):
        self.hand_value = spec.hand_value(seed, table, session, n)
        self.deck, self.counter = shuffled_deck(self.hand_value, table, session, n, seats)
        self.levels = spec.tree_levels(self.hand_value, self.deck)
        self.salts = [spec.salt(self.hand_value, i) for i in range(POSITIONS)]

    @property
    def root(self) -> str:
        return self.levels[DEPTH][0]


def op_hand(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["poker_hmac_v1/hand"])
    seed, table, session, n, seats, first = _hand_fields(f)
    dealing = f.reading("dealing")  # READ-2
    _hand_range(n, first)
    d = _Deal(seed, table, session, n, seats)
    m = len(seats)
    return {"handValue": d.hand_value, "handCommitment": spec.commit(d.hand_value), "deck": d.deck,
            "salts": d.salts, "root": d.root, "counter": d.counter,
            "hands": [{"seat": seat, "positions": spec.hole_positions(j, m, dealing)}
                      for j, (seat, _) in enumerate(sorted(seats))],
            "board": board_positions(m)}


def op_proof(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["poker_hmac_v1/proof"])
    seed, table, session, n, seats, first = _hand_fields(f)
    pos = f.int_in("position", 0, POSITIONS - 1)
    _hand_range(n, first)
    d = _Deal(seed, table, session, n, seats)
    return {"position": pos, "card": d.deck[pos], "salt": d.salts[pos], "leaf": d.levels[0][pos],
            "path": spec.proof_path(d.levels, pos), "root": d.root}


def op_verify_proof(inp) -> dict:
    f = input_fields(inp, OP_INPUTS["poker_hmac_v1/verifyProof"])
    root = f.hash("root")
    pos = f.int_in("position", 0, POSITIONS - 1)
    card = f.int_in("card", 0, 51)
    salt = f.hash("salt")
    path = []
    for i, v in enumerate(f.array("path", DEPTH, DEPTH)):
        where = f"input.path[{i}]"
        if not isinstance(v, str):
            raise PfkitError(WRONG_TYPE, f"{where}: expected a string, found {type_name(v)}")
        path.append(check_hex(where, v, 64))
    # PK-7: a wrong card, salt, position, path or root is false, never an error.
    return {"valid": spec.root_from(spec.leaf(pos, card, salt), pos, path) == root}


OPS = {"hand": op_hand, "proof": op_proof, "verifyProof": op_verify_proof}


def _seats(seats):
    return list(seats) if isinstance(seats, tuple) else seats


def hand(server_seed: str, table: str, session: str, hand: int, seats, first_hand: int = 1,
         dealing: str = "pairs") -> dict:
    """Hand value, commitment, deck, salts and Merkle root of one hand, and
    where each seat's cards and the board lie in the deck (PK-10). first_hand
    and dealing are the readings of READ-3 and READ-2."""
    return op_hand({"serverSeed": server_seed, "table": table, "session": session, "hand": hand, "seats": _seats(seats),
                    "firstHand": first_hand, "dealing": dealing})


def proof(server_seed: str, table: str, session: str, hand: int, seats, position: int, first_hand: int = 1) -> dict:
    """The Merkle proof of one deck position (PK-7)."""
    return op_proof({"serverSeed": server_seed, "table": table, "session": session, "hand": hand,
                     "seats": _seats(seats), "firstHand": first_hand, "position": position})


def verify_proof(root: str, position: int, card: int, salt: str, path) -> bool:
    """True when the card at the position is proven against the root (PK-7)."""
    return op_verify_proof({"root": root, "position": position, "card": card, "salt": salt,
                            "path": list(path) if isinstance(path, tuple) else path})["valid"]
