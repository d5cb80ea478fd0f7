import hashlib

import numpy as np

# From the hand_end message (field "fairplay.seed"), revealed after the hand:
seed = 1234567890123456789
# From the state messages (field "commit"), published before the first card:
commit = "449ccdb936a066bd7169c36b008299156bd923a42d7ab0ab21fc29e852225152"
# How many players were dealt in, in seat order:
players = 2

# The commit must be SHA-256 of "selfpoker:" followed by the seed.
if hashlib.sha256(f"selfpoker:{seed}".encode()).hexdigest() != commit:
    raise SystemExit("commit mismatch: this is not the seed committed to")

# The deck: NumPy's permutation of the card ids 0 to 51.
deck = [int(card) for card in np.random.default_rng(seed).permutation(52)]


# Card c: rank c // 4 (2 to ace), suit c % 4 (clubs, diamonds, hearts, spades).
def name(card):
    return "23456789TJQKA"[card // 4] + "cdhs"[card % 4]


# Two consecutive cards a player in seat order, then five board cards; no burns.
hands = [[name(deck[2 * i]), name(deck[2 * i + 1])] for i in range(players)]
board = [name(card) for card in deck[2 * players: 2 * players + 5]]

print("commitment OK")
for i, hand in enumerate(hands, 1):
    print(f"player {i}:", " ".join(hand))
print("board:", " ".join(board))
