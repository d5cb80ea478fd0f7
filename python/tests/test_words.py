"""The command-line reports' formatter (pfkit.words.text), against English worked out by hand."""

import pytest

from pfkit import _words, words


@pytest.mark.parametrize("code, params, want", [
    ("cli.title.chess_bot", {}, "chess_colour_v1 game against a bot"),
    ("cli.title.selfpoker", {"seed": "12", "players": 3}, "selfpoker_v1 hand, seed 12, 3 players"),
    ("cli.title.match", {"game": "{matchId}", "matchId": "m"}, "match_seed_v2 {matchId} match m"),
    ("cli.title.match", {"game": "chess"}, "match_seed_v2 chess match {matchId}"),
    ("cli.no.such", {}, "cli.no.such"),
])
def test_text(code, params, want):
    assert words.text(code, **params) == want


@pytest.mark.parametrize("n, want", [(0, "0 values differ"), (1, "1 value differs"), (2, "2 values differ")])
def test_plural_by_count(monkeypatch, n, want):
    monkeypatch.setitem(words._BY_CODE, "x", ("x", "1 value differs", "{n} values differ", "n"))
    assert words.text("x", n=n) == want


def test_every_code_is_a_command_line_code():
    assert _words.TABLE and all(row[0].startswith("cli.") and len(row) == 4 for row in _words.TABLE)
