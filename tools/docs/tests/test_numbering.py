"""One numbering everywhere (D-33): in records and the spec's formulas, seats
are numbered from 0 (the originals' "seat i receives cards 13i to 13i + 12",
the spec's "seat 0 is the first") and a position in a deck or a wall is an
index from 0; in words, everything is counted from 1: the verifiers' check
lines and the offline page say a seat in order (REC-9: /deals/1/2/6 is "deal
2, third seat, card 7"; a number no table has as "seat numbered 12"), a deck
position as a card of the deck counted from 1 ("card 7 of the deck"), deals,
hands, games, turns, draws, cards and players from 1, and a poker hand
counted from 1 (a session reveal's by its place in the list, a leave bundle's
by its number from the first hand on) with the record's number beside it when
that is another ("hand 1 (number 0 in the record)"), or, when no session of
500 hands can hold it, by the record's number alone ("hand numbered 500 in
the record").

Each test reads one place that numbers things and fails when it disagrees with
that rule: the spec's wording, the scripts' printed labels, the check lines of
the three verifiers, the offline page's messages in every locale (node/page/strings.js, page.js)
and the prose of every page in every locale.

Pins: REC-9
"""

import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(ROOT, "tools", "docs"))
sys.path.insert(0, os.path.join(ROOT, "tools", "words"))

import page_strings  # noqa: E402
from pages.config import Config, load_pages  # noqa: E402
from pages.page import flatten  # noqa: E402

# Seats in order, as the words say them: "third seat" is the record's seat 2.
SEAT_ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth"]


def read(rel):
    with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
        return f.read()


def agrees(where, pointer, record):
    """Why `where` (a verifier's words, "deal 2, third seat, card 7") disagrees
    with `pointer` (/deals/1/2/6) under the rule, or None when they agree."""
    # A seat in order is the seat counted from 1; a seat numbered as the record writes it is its index plus 1.
    where = re.sub(r"\b(" + "|".join(SEAT_ORDINALS) + r") seat\b",
                   lambda m: f"seat {SEAT_ORDINALS.index(m.group(1)) + 1}", where)
    where = re.sub(r"\bseat numbered (\d+)", lambda m: f"seat {int(m.group(1)) + 1}", where)
    # "hand 1 (number 0 in the record)": the record's own number, kept aside.
    recorded = [int(x) for x in re.findall(r" \(number (\d+) in the record\)", where)]
    where = re.sub(r" \(number \d+ in the record\)", "", where)
    # "hand 1 of the record's list" is a place in a list, counted from 1 like any entry.
    where = re.sub(r"\bhand (\d+) of the record's list\b", r"entry \1", where)
    # "hand numbered 500 in the record": a number no session holds, said as written.
    numbered = [int(x) for x in re.findall(r"\bhand numbered (-?\d+) in the record", where)]
    where = re.sub(r"\bhand numbered -?\d+ in the record", "hand 0", where)
    words = re.findall(r"([A-Za-z]+) (\d+)", where)
    segments = pointer.strip("/").split("/") if pointer else []
    indices = [(n, int(s)) for n, s in enumerate(segments) if s.isdigit()]
    if len(words) != len(indices):
        return f"{len(words)} numbers in the words, {len(indices)} indices in the pointer"
    for (word, number), (at, index) in zip(words, indices):
        number = int(number)
        if word == "hand" and record.get("scheme") == "poker_hmac_v1" and segments[at - 1] == "hands":
            own = record["hands"][index]["hand"]  # the record's number for the hand
            # A session reveal counts a hand by its place in the list, a leave bundle from the first hand on.
            want = index + 1 if "serverSeed" in record else own - record.get("firstHand", 1) + 1
            if not 1 <= want <= 500:
                if numbered[:1] != [own]:
                    return f"hand {own} at {pointer}: no session holds it; expected it numbered as in the record"
                continue
            if numbered:
                return f"hand numbered {numbered[0]} at {pointer}: expected hand {want}"
            beside = [own] if want != own else []
            if recorded[:1] != beside or len(recorded) > 1:
                return f"hand {number} at {pointer}: expected the record's number beside it: {beside}"
        else:
            want = index + 1
        if number != want:
            return f"{word} {number} for index {index} of {'/'.join(segments[:at + 1])}: expected {word} {want}"
    return None


def test_the_rule_itself_on_known_pairs():
    bridge = {"scheme": "match_seed_v2"}
    assert agrees("deal 2, third seat, card 7", "/deals/1/2/6", bridge) is None
    assert agrees("deal 2, seat numbered 2, card 7", "/deals/1/2/6", bridge) is None
    assert agrees("deal 2, second seat, card 7", "/deals/1/2/6", bridge)  # a seat taken for its index
    assert agrees("deal 2, seat 2, card 7", "/deals/1/2/6", bridge)       # a seat number from 0 in words
    assert agrees("deal 1, third seat, card 7", "/deals/1/2/6", bridge)   # a deal counted from 0
    assert agrees("deal 2, third seat", "/deals/1/2/6", bridge)           # a number lost
    poker = {"scheme": "poker_hmac_v1", "hands": [{"hand": 1}, {"hand": 2}]}
    assert agrees("hand 2, card 51 of the deck", "/hands/1/deck/50", poker) is None
    assert agrees("hand 2, card 50 of the deck", "/hands/1/deck/50", poker)  # a deck position from 0
    assert agrees("hand 1, card 51 of the deck", "/hands/1/deck/50", poker)  # not the session's number
    from_zero = {"scheme": "poker_hmac_v1", "firstHand": 0, "hands": [{"hand": 0}, {"hand": 1}]}
    assert agrees("hand 2 (number 1 in the record), card 51 of the deck", "/hands/1/deck/50", from_zero) is None
    assert agrees("hand 1, card 51 of the deck", "/hands/1/deck/50", from_zero)  # the record's number as a count
    assert agrees("hand 2 (number 0 in the record), card 51 of the deck", "/hands/1/deck/50", from_zero)
    # A session reveal names its hands by their place in the list, whatever their numbers.
    reveal = {"scheme": "poker_hmac_v1", "serverSeed": "0" * 64, "hands": [{"hand": 0}, {"hand": 1}]}
    assert agrees("hand 2 (number 1 in the record) root", "/hands/1/root", reveal) is None
    assert agrees("hand 1 root", "/hands/1/root", reveal)  # the record's number as a count
    assert agrees("hand 2 root", "/hands/1/root", reveal)  # the record's number not beside it
    assert agrees("hand 2 of the record's list", "/hands/1/hand", reveal) is None
    assert agrees("hand 1 of the record's list", "/hands/1/hand", reveal)
    # A leave bundle's hand 500 from 0 is one past the last: said as the record writes it.
    leave = {"scheme": "poker_hmac_v1", "firstHand": 0, "hands": [{"hand": 500}]}
    assert agrees("hand numbered 500 in the record", "/hands/0/hand", leave) is None
    assert agrees("hand 501 (number 500 in the record)", "/hands/0/hand", leave)
    assert agrees("hand numbered 500 in the record", "/hands/0/hand", from_zero)  # a hand that exists


def test_the_spec_says_it():
    spec = flatten(read("spec/pfkit.md"))[0]
    assert "seat 0 is the first in" in spec
    m = re.search(r"`(/deals/[0-9/]+)` for (deal \d+, \w+ seat, card \d+)", spec)
    assert m, "REC-9's example pointer and its words are no longer in the spec"
    assert agrees(m.group(2), m.group(1), {"scheme": "match_seed_v2"}) is None


def run_node(text):
    # A scratch folder of its own: two runs at once must not share the script
    # (it requires only Node's built-ins and absolute paths).
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "numbering-check.js")
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        out = subprocess.run([shutil.which("node") or "node", path], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.splitlines()


def with_inputs(text, values):
    for name, value in values.items():
        line = f"const {name} = {json.dumps(value)};"
        text, n = re.subn(r"^const " + name + r" = .*;$", lambda _, line=line: line, text, flags=re.M)
        assert n == 1, name
    return text


# A bridge match of two deals and a backgammon match of two games, as the pages show them.
BRIDGE = {"game": "bridge", "serverSeed": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
          "commitment": "7b3d979ca8330a94fa7e9e1b466d8b99e0bcdea1ec90596c0dcc8d7ef6b4300c", "matchId": "m1",
          "clientSeeds": ["alice", "bob", "carol", "dave"], "play": {"deals": 2}}
BACKGAMMON = dict(BRIDGE, game="backgammon", clientSeeds=["alice", "bob"], play={"games": [2, 1]})


ORDINALS = ["first", "second", "third", "fourth"]
# A baloot match whose second hand is bought by the record's seat 3, and a mahjong hand with later draws.
BALOOT = dict(BRIDGE, game="baloot", play={"hands": [{"buyer": None}, {"buyer": 3}]})
MAHJONG = dict(BRIDGE, game="mahjong", play={"hands": [60]})


@pytest.mark.skipif(not shutil.which("node"), reason="needs node")
@pytest.mark.parametrize("script", ["node/snippet.js", "node/snippet-short.js"])
def test_the_scripts_say_seats_in_order(script):
    """Both pages' scripts say seats as the offline page does: in order,
    "first seat: alice", "deal 2, third seat (carol)", "second seat moves
    first"; deals, games and turns from 1. No seat is a number."""
    text = read(script)
    lines = run_node(with_inputs(text, BRIDGE))
    assert not [x for x in lines if re.search(r"\bseat \d", x)], lines
    seats = [m.group(1) for m in (re.match(r"^(\w+) seat: ", x) for x in lines) if m]
    assert seats == ORDINALS, lines
    deals = [(int(m.group(1)), m.group(2)) for m in (re.match(r"^deal (\d+), (\w+) seat \(", x) for x in lines) if m]
    assert deals == [(d, s) for d in (1, 2) for s in ORDINALS], lines
    lines = run_node(with_inputs(text, BACKGAMMON))
    turns = [(int(m.group(1)), int(m.group(2))) for m in (re.match(r"^game (\d+) turn (\d+): ", x) for x in lines) if m]
    assert turns == [(1, 1), (1, 2), (2, 1)], lines
    firsts = [m.group(1) for m in (re.search(r"; (\w+) seat moves first$", x) for x in lines) if m]
    assert len(firsts) == 2 and set(firsts) <= {"first", "second"}, lines


@pytest.mark.skipif(not shutil.which("node"), reason="needs node")
def test_the_long_script_says_baloot_and_mahjong_seats_in_order():
    """The record's buyer 3 is the fourth seat, said with its client seed;
    hands count from 1."""
    text = read("node/snippet.js")
    lines = run_node(with_inputs(text, BALOOT))
    assert not [x for x in lines if re.search(r"\bseat \d", x)], lines
    sitting = {m.group(1): m.group(2) for m in (re.match(r"^(\w+) seat: (\w+)$", x) for x in lines) if m}
    hands = [(int(m.group(1)), m.group(2), m.group(3))
             for m in (re.match(r"^hand (\d+), (\w+) seat \((\w+)\): ", x) for x in lines) if m]
    assert hands[:4] == [(1, s, sitting[s]) for s in ORDINALS], lines
    assert "hand 1 turned up: " in lines[9] and lines[9].endswith(", every seat passes"), lines
    assert lines[14].startswith("hand 2 turned up: "), lines
    assert lines[14].endswith(", bought by the fourth seat (" + sitting["fourth"] + ")"), lines
    lines = run_node(with_inputs(text, MAHJONG))
    hands = [m.group(1) for m in (re.match(r"^hand 1, (\w+) seat \(\w+\): ", x) for x in lines) if m]
    assert hands == ORDINALS and lines[-1].startswith("hand 1 later draws: "), lines


def test_the_python_script_counts_players_from_1():
    text = read("python/snippet.py")
    assert 'for i, hand in enumerate(hands, 1):' in text and 'print(f"player {i}:"' in text


def verifier_commands():
    """(name, argv prefix) of every verifier that can run here."""
    out = []
    go = os.environ.get("PFKIT_BIN") or os.path.join(ROOT, "bin", "pfkit")
    if os.path.exists(go):
        out.append(("go", [go, "verify", "--json"]))
    if shutil.which("node"):
        out.append(("node", [shutil.which("node"), os.path.join(ROOT, "node", "verify.js"), "--json"]))
    out.append(("python", [sys.executable, "-m", "pfkit", "verify", "--json"]))
    return out


@pytest.mark.parametrize("name, argv", verifier_commands(), ids=[c[0] for c in verifier_commands()])
def test_the_verifiers_check_lines_say_it(name, argv):
    files = sorted(glob.glob(os.path.join(ROOT, "vectors", "records", "*.json")))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run(argv + files, capture_output=True, text=True, cwd=ROOT, env=env, timeout=600)
    reports = json.loads(out.stdout)["records"]
    seen, bad = 0, []
    for entry in reports:
        report = entry.get("report")
        if not report:
            continue
        with open(os.path.join(ROOT, entry["path"]), encoding="utf-8") as f:
            record = json.load(f)
        for check in report.get("checks", []):
            pairs = [(check["name"], check["pointer"])]
            pairs += [(m["where"], m["pointer"]) for m in check.get("mismatches", [])]
            for words, pointer in pairs:
                if not re.search(r"[A-Za-z]+ \d", words):
                    continue
                seen += 1
                why = agrees(words, pointer, record)
                if why:
                    bad.append(f"{entry['path']}: {words!r} at {pointer}: {why}")
    assert not bad, "\n".join(bad[:20])
    # Every kind of numbered line was met: deals, seats, hands, games, turns, draws, tiles, cards, positions.
    assert seen > 200, seen


@pytest.mark.parametrize("name, argv", verifier_commands(), ids=[c[0] for c in verifier_commands()])
def test_a_poker_hand_keeps_its_number(name, argv):
    """D-33 and READ-3: a poker hand's number is a name the record gives it;
    under firstHand 0 the first hand is counted from 1 as the pages count hands,
    with the record's number beside it, and its cards counted from 1."""
    path = os.path.join(ROOT, "vectors", "records", "poker-leave-from-0.json")
    with open(path, encoding="utf-8") as f:
        record = json.load(f)
    assert record["firstHand"] == 0
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "python", "src"), PYTHONDONTWRITEBYTECODE="1")
    out = subprocess.run(argv + [path], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    names = [c["name"] for c in json.loads(out.stdout)["records"][0]["report"]["checks"]]
    assert "hand 1 (number 0 in the record), own card 1" in names, names
    assert "hand 0, own card 1" not in names and "hand 1, own card 1" not in names, names


def strings():
    data, _ = page_strings.load(ROOT)
    return data


def text_of(data, locale, key):
    return page_strings.text(data[locale][key])


# The word for a seat in each locale's prose, and what names a seat on the page.
SEAT_WORD = {"en": "seat", "it": "posto", "de": "Platz", "fr": "place"}


# The words for a seat and for a deck position in each locale's messages.
SEAT_OR_POSITION = {
    "en": r"seat|position", "it": r"posto|posizione", "de": r"Platz|Position",
    "fr": r"place|position", "nl": r"stoel|plaats|positie",
}
# German names a seat by its number from 1 ("Platz 3"; "3. Platz" reads as a
# ranking): there the seat's word may be followed by a written 1 to 10, never
# by 0 or by a parameter, which could carry a record's number from 0.
SEAT_ORDER_WRITTEN = {"de": r"Platz (?:[1-9]|10)\b"}


@pytest.mark.parametrize("locale", page_strings.LOCALES)
def test_the_page_says_seats_in_order_and_counts_the_deck_from_1(locale):
    """D-33 on the offline page: a seat is said in order ("the third seat",
    with its client seed), never as the record's number from 0; a deck
    position is a card of the deck counted from 1. No message of the catalog
    puts a number, or a parameter, right after the word for a seat or a
    position, and page.js fills every seat through seatWords and adds 1 to
    every deck position it shows."""
    data = strings()
    bad = []
    for key, value in sorted(data[locale].items()):
        for form in (value.values() if isinstance(value, dict) else [value]):
            if not isinstance(form, str):
                continue
            for m in re.finditer(r"\b(?:" + SEAT_OR_POSITION[locale] + r") (?:\d+|\{)", form, flags=re.I):
                if locale in SEAT_ORDER_WRITTEN and re.fullmatch(SEAT_ORDER_WRITTEN[locale], m.group(0)):
                    continue
                bad.append(f"{key}: {m.group(0)!r} in {form!r}")
    assert not bad, f"{locale}: a seat or a deck position numbered: " + "; ".join(bad)
    # The seats in order, first to tenth (a poker table has at most ten seats).
    nth = [text_of(data, locale, f"seat.nth.{k}") for k in range(1, 11)]
    assert len(set(nth)) == 10 and not any(re.search(r"\b0\b", x) for x in nth), nth
    assert "{seat}" in text_of(data, locale, "seat.who") and "{who}" in text_of(data, locale, "seat.who")
    assert not re.search(r"\b[01]\b", text_of(data, locale, "pic.seatOrder"))
    page = read("node/page/page.js")
    raw = re.findall(r"\{ seat: (?!seatWords\(|capital\(seatWords\(|seatInline\()[^}]*\}", page)
    assert not raw, f"page.js fills a seat without seatWords: {raw}"
    inline = re.search(r"  function seatInline\(rec, seat\) \{.*?\n  \}\n", page, flags=re.S).group(0)
    assert inline.count("seatWords(seat)") == 2, "seatInline says the seat through seatWords"
    assert "t('seat.nth.' + (i + 1))" in page
    for key in ("merkle.label", "merkle.leaf"):
        assert re.search(r"t\('" + re.escape(key) + r"', \{[^}]*position: position \+ 1", page), key
    assert "if (k === 'position') return Number(v) + 1;" in page


def render_seats(locale, seats):
    """The page's seatWords run in node on the generated strings: what a player reads for each seat number."""
    page = read("node/page/page.js")
    body = re.search(r"  function seatWords\(n\) \{.*?\n  \}\n", page, flags=re.S).group(0)
    script = (f"require({json.dumps(os.path.join(ROOT, 'node', 'page', 'strings.js'))});\n"
              "const STRINGS = globalThis.pfkitPageStrings;\n"
              f"const locale = {json.dumps(locale)};\n"
              "function t(key, params) { const s = STRINGS[locale][key] ?? STRINGS.en[key];"
              " return s.replace(/\\{(\\w+)\\}/g, (m, k) => String(params[k])); }\n"
              + body + f"for (const n of {json.dumps(seats)}) console.log(seatWords(n));\n")
    return run_node(script)


@pytest.mark.skipif(not shutil.which("node"), reason="needs node")
@pytest.mark.parametrize("locale", page_strings.LOCALES)
def test_the_page_renders_seats_in_order(locale):
    """Seat 0 of a record is the first seat, seat 3 the fourth, and a number
    no table has (a tampered record's 12) is said as the record writes it."""
    data = strings()
    got = render_seats(locale, [0, 3, 9, 12, "x"])
    want = [text_of(data, locale, f"seat.nth.{k}") for k in (1, 4, 10)]
    assert got[:3] == want, got
    assert "12" in got[3] and "x" in got[4], got
    # Independent of the catalog: the ordinal words (German: the seat's number from 1) of the first and fourth seats.
    first, fourth = {"en": ("first", "fourth"), "it": ("primo", "quarto"), "de": ("Platz 1", "Platz 4"),
                     "fr": ("première", "quatrième"), "nl": ("eerste", "vierde")}[locale]
    assert got[0].startswith(first) and got[1].startswith(fourth), got


COUNTED = {
    "en": r"deal|hand|game|turn|draw|card|tile|player",
    "it": r"smazzata|mano|partita|turno|estrazione|carta|tessera|giocatore",
    "de": r"Austeilen|Austeilung|Hand|Spiel|Zug|Ziehung|Karte|Stein|Spieler",
    "fr": r"donne|main|partie|tour|tirage|carte|tuile|joueur",
    "nl": r"hand|spel|kaart|speler|trekking",
}
FIRST = {
    "en": r"(?:plays|moves) first",
    "it": r"(?:gioca|muove) per primo",
    "de": r"beginnt|zieht zuerst",
    "fr": r"joue en premier",
}


def pages():
    config = Config(ROOT)
    loaded, _, _ = load_pages(ROOT, config)
    return sorted(loaded.items())


@pytest.mark.parametrize("key, page", pages(), ids=[f"{n}/{loc}" for (n, loc), _ in pages()])
def test_the_pages_say_it(key, page):
    name, locale = key
    flat = flatten("\n".join(text for _, text in page.prose))[0]
    for m in re.finditer(r"\b(" + COUNTED[locale] + r") 0\b", flat, flags=re.I):
        pytest.fail(f"{page.rel}: {m.group(0)!r}: deals, hands, games, turns, draws, cards and players count from 1")
    if locale in SEAT_WORD:
        word = SEAT_WORD[locale]
        for m in re.finditer(r"\b" + word + r" (\d+),? (?:" + FIRST[locale] + ")", flat, flags=re.I):
            assert m.group(1) == "0", f"{page.rel}: {m.group(0)!r}: seat 0 is the first"
    if name == "table-games":
        # The player page shows the seats in order, as its script prints them and the offline page says them.
        assert "`first seat: alice`" in flat, page.rel
        assert not re.search(r"\b" + SEAT_WORD[locale] + r" 0\b", flat, flags=re.I), page.rel
