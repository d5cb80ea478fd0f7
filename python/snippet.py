import hashlib

import numpy as np

# Replace the values on lines 7, 9 and 11 with those of your hand.
# The seed, revealed after the hand (hand history; hand_end field "fairplay.seed"):
seed = 1234567890123456789
# The fingerprint, from the state messages (field "commit") before the deal:
commit = "449ccdb936a066bd7169c36b008299156bd923a42d7ab0ab21fc29e852225152"
# How many players were dealt cards:
players = 2

# The fingerprint must be the SHA-256 of "selfpoker:" followed by the seed.
if hashlib.sha256(f"selfpoker:{seed}".encode()).hexdigest() != commit:
    raise SystemExit("commitment: DOES NOT MATCH, this is not the seed that was committed to")
print("commitment: matches")

# The deck: NumPy's permutation of the card numbers 0 to 51, drawn from the seed.
deck = [int(card) for card in np.random.default_rng(seed).permutation(52)]


# Card c: rank c // 4 (2 up to the ace), suit c % 4 (clubs, diamonds, hearts, spades).
def name(card):
    return "23456789TJQKA"[card // 4] + "cdhs"[card % 4]


# In deck order, no burn cards: two cards a player in seat order, then five on the table.
hands = [[name(deck[2 * i]), name(deck[2 * i + 1])] for i in range(players)]
board = [name(card) for card in deck[2 * players: 2 * players + 5]]

print("deck:", " ".join(name(card) for card in deck))
for i, hand in enumerate(hands, 1):
    print(f"player {i}:", " ".join(hand))
print("board:", " ".join(board))
