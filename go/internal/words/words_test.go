package words

import "testing"

func TestText(t *testing.T) {
	cases := []struct {
		name string
		code string
		args []any
		want string
	}{
		{"no parameters", "cli.title.chess_bot", nil, "chess_colour_v1 game against a bot"},
		{"text and number", "cli.title.selfpoker", []any{"seed", "12", "players", 3},
			"selfpoker_v1 hand, seed 12, 3 players"},
		{"a value holding braces is not filled again", "cli.title.match", []any{"game", "{matchId}", "matchId", "m"},
			"match_seed_v2 {matchId} match m"},
		{"a missing parameter stays named", "cli.title.match", []any{"game", "chess"}, "match_seed_v2 chess match {matchId}"},
		{"another integer type", "cli.title.selfpoker", []any{"seed", "s", "players", int64(7)},
			"selfpoker_v1 hand, seed s, 7 players"},
		{"an unknown code shows itself", "cli.no.such", nil, "cli.no.such"},
	}
	for _, c := range cases {
		if got := Text(c.code, c.args...); got != c.want {
			t.Errorf("%s: Text(%q) = %q, want %q", c.name, c.code, got, c.want)
		}
	}
}

func TestPluralByCount(t *testing.T) {
	m := message{code: "x", one: "1 value differs", other: "{n} values differ", count: "n"}
	byCode["x"] = m
	defer delete(byCode, "x")
	for n, want := range map[int]string{0: "0 values differ", 1: "1 value differs", 2: "2 values differ", 11: "11 values differ"} {
		if got := Text("x", "n", n); got != want {
			t.Errorf("n=%d: %q, want %q", n, got, want)
		}
	}
}

func TestEveryCodeIsCLI(t *testing.T) {
	for _, m := range table {
		if len(m.code) < 4 || m.code[:4] != "cli." {
			t.Errorf("%s: the table holds only cli. codes", m.code)
		}
	}
}
